import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { SponsoredLabel } from '../../sponsored-label.tsx';
import { Button } from '../../ui/button.tsx';
import { Label } from '../../ui/label.tsx';

/** A published post an issue can carry. */
export interface IssuePost {
  id: number;
  title: string;
  sponsored: boolean;
}

/** The issue's posts, in the mail's order: added from a menu of published posts, moved, removed. */
export function PostPicker({
  posts,
  chosen,
  onChange,
  error,
}: {
  posts: IssuePost[];
  chosen: number[];
  onChange: (ids: number[]) => void;
  error: string | undefined;
}) {
  const titleOf = (id: number) => posts.find((post) => post.id === id)?.title ?? `Post ${id}`;
  const isSponsored = (id: number) => posts.find((post) => post.id === id)?.sponsored ?? false;
  const available = posts.filter((post) => !chosen.includes(post.id));
  const move = (index: number, by: number) => {
    const next = [...chosen];
    const [id] = next.splice(index, 1);
    if (id === undefined) return;
    next.splice(index + by, 0, id);
    onChange(next);
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor="issue-post_ids">Posts</Label>
      {chosen.length > 0 ? (
        <ol className="grid gap-2">
          {chosen.map((id, index) => (
            <li key={id} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm">
              <span className="flex flex-wrap items-center gap-2">
                {index + 1}. {titleOf(id)}
                {isSponsored(id) ? <SponsoredLabel /> : null}
              </span>
              <span className="flex gap-1">
                <Button type="button" size="icon" variant="ghost" disabled={index === 0} onClick={() => move(index, -1)}>
                  <ArrowUp aria-hidden="true" />
                  <span className="sr-only">Move {titleOf(id)} up</span>
                </Button>
                <Button type="button" size="icon" variant="ghost" disabled={index === chosen.length - 1} onClick={() => move(index, 1)}>
                  <ArrowDown aria-hidden="true" />
                  <span className="sr-only">Move {titleOf(id)} down</span>
                </Button>
                <Button type="button" size="icon" variant="ghost" onClick={() => onChange(chosen.filter((other) => other !== id))}>
                  <X aria-hidden="true" />
                  <span className="sr-only">Remove {titleOf(id)}</span>
                </Button>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      <select
        id="issue-post_ids"
        value=""
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const id = Number(event.target.value);
          if (id) onChange([...chosen, id]);
        }}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm"
      >
        <option value="">{available.length ? 'Add a published post…' : 'No more published posts'}</option>
        {available.map((post) => (
          <option key={post.id} value={post.id}>
            {post.sponsored ? `${post.title} (Sponsored)` : post.title}
          </option>
        ))}
      </select>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
