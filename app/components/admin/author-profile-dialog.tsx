import { UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AuthorProfileJson } from '../../../common/answers.ts';
import { describeFailure } from '../../lib/admin-session.ts';
import { api } from '../../lib/api-client.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog.tsx';
import { AuthorProfileForm } from './author-profile-form.tsx';

/**
 * Another member of staff's author profile, from the staff screen: loaded
 * when opened (`GET /api/admin/users/{id}/author`), saved in place.
 */
export function AuthorProfileDialog({ userId, name }: { userId: number; name: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [profile, setProfile] = useState<AuthorProfileJson | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const apiPath = `/admin/users/${userId}/author`;

  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    api
      .get<AuthorProfileJson>(apiPath)
      .then((loaded) => isCurrent && setProfile(loaded))
      .catch((error: unknown) => isCurrent && setFailure(describeFailure(error, 'The author profile could not be loaded')));
    return () => {
      isCurrent = false;
    };
  }, [isOpen, apiPath]);

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Author profile of ${name}`} title="Author profile">
          <UserRound aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Author profile of {name}</DialogTitle>
          <DialogDescription>The byline of their posts and their author page.</DialogDescription>
        </DialogHeader>
        {failure ? (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        ) : profile ? (
          <AuthorProfileForm profile={profile} apiPath={apiPath} idPrefix={`author-${userId}`} onSaved={setProfile} />
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            Loading…
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
