import { useState } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import type { DemoContentJson } from '../../../common/answers.ts';
import { describeFailure } from '../../lib/admin-session.ts';
import { api } from '../../lib/api-client.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../ui/alert-dialog.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** `7 posts and 3 resources`. */
function describeDemo({ posts, resources }: { posts: number; resources: number }): string {
  return [posts > 0 ? countOf(posts, 'post') : null, resources > 0 ? countOf(resources, 'resource') : null].filter(Boolean).join(' and ');
}

/** Whether a listed post or resource is seeded demo content, from the back-office layout's data. */
export function useIsDemo(kind: 'posts' | 'resources', id: number): boolean {
  const data = useRouteLoaderData('routes/admin/layout') as { demo?: DemoContentJson | null } | undefined;
  return data?.demo?.[kind].some((item) => item.id === id) ?? false;
}

/** The badge of a demo post or resource in the back office's lists (decision 053). */
export function DemoBadge() {
  return (
    <Badge variant="outline" className="border-amber-500 text-amber-900">
      Demo
    </Badge>
  );
}

/**
 * Shown on every back-office page while the seeded demo items are there,
 * with the owner's one action to remove them all. The outcome is said once,
 * here, in place of the banner.
 */
export function DemoContentBanner({ demo, isOwner }: { demo: DemoContentJson | null; isOwner: boolean }) {
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<{ removed: string } | { failed: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (outcome && 'removed' in outcome) {
    return (
      <div role="status" className="mb-6 rounded-md border border-border bg-background px-4 py-3 text-sm">
        Demo content removed: {outcome.removed}. Your own posts and resources are untouched.
      </div>
    );
  }
  if (!demo || demo.posts.length + demo.resources.length === 0) return null;
  const what = describeDemo({ posts: demo.posts.length, resources: demo.resources.length });

  const remove = async () => {
    setBusy(true);
    try {
      const removed = await api.delete<{ posts: number; resources: number }>('/admin/demo-content');
      setOutcome({ removed: describeDemo(removed) || 'nothing was left' });
      await revalidator.revalidate();
    } catch (error) {
      setOutcome({ failed: describeFailure(error, 'The demo content could not be removed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="demo-content-banner" className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="min-w-0 flex-1">
        <strong>This site shows demo content:</strong> {what} made up to show how the site looks, marked “Demo” in the lists.{' '}
        {isOwner ? 'Remove them before you publish your own.' : 'The owner can remove them.'}
      </p>
      {outcome && 'failed' in outcome ? (
        <p role="alert" className="basis-full font-medium text-destructive">
          {outcome.failed}
        </p>
      ) : null}
      {isOwner ? (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" size="sm" disabled={busy} className="bg-background">
              {busy ? 'Removing...' : 'Remove demo content'}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Remove the demo content?</AlertDialogTitle>
              <AlertDialogDescription>
                This deletes the {what} the site was seeded with, and nothing else: posts and resources you made stay. It cannot be
                undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={() => void remove()}>Remove demo content</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : null}
    </div>
  );
}
