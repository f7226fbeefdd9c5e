import { Search } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_SEARCH_MAX_LENGTH } from '../../../common/schemas/search.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';

/** How long typing pauses before the list follows: short enough to feel live, long enough to spare the server a query per key. */
const SEARCH_DELAY_MS = 350;

/**
 * What a list shows when its search finds nothing: `No posts match “solar”`.
 * `none` says the list holds none of its rows (`No posts`, `No read messages`).
 */
export const noMatchText = (none: string, q: string) => `${none} match “${q}”`;

/** What the search announces: the rows it found, `on this page` when there are more pages. */
function resultsText(count: number, more: boolean): string {
  if (count === 0) return 'No results';
  return `${count} ${count === 1 ? 'result' : 'results'}${more ? ' on this page' : ''}`;
}

/**
 * A list's search box: the text lives in the address (`?q=`), so a search
 * can be bookmarked, shared and kept across tabs and pages. The list follows
 * as the staff member types (after a pause) or at once on Enter; a new search
 * starts at the first page, since the page token belongs to the old one.
 * The list changes under the box without moving focus, so the number of rows
 * found is announced.
 */
export function ListSearch({
  label,
  placeholder,
  results,
  more = false,
}: {
  label: string;
  placeholder?: string;
  /** The rows the list shows now. */
  results: number;
  /** Whether further pages follow this one. */
  more?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const current = params.get('q') ?? '';
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The address can change without typing (back button, a link): the box shows what the list shows.
  useEffect(() => {
    if (input.current && input.current !== document.activeElement) input.current.value = current;
  }, [current]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (value: string) => {
    clearTimeout(timer.current);
    const text = value.trim();
    if (text === current.trim()) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (text) next.set('q', text);
        else next.delete('q');
        next.delete('next_token');
        return next;
      },
      // Each pause in typing would otherwise leave a history entry.
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <form
      role="search"
      aria-label={label}
      className="mb-4 flex max-w-md gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        apply(input.current?.value ?? '');
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        ref={input}
        id={id}
        name="q"
        type="search"
        defaultValue={current}
        maxLength={LIST_SEARCH_MAX_LENGTH}
        placeholder={placeholder ?? label}
        autoComplete="off"
        onChange={(event) => {
          const { value } = event.currentTarget;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => apply(value), SEARCH_DELAY_MS);
        }}
      />
      <Button type="submit" variant="outline" size="icon">
        <Search aria-hidden="true" />
        <span className="sr-only">Search</span>
      </Button>
      {/* Always there, so assistive technology is listening before the first search changes its text. */}
      <p aria-live="polite" className="sr-only" data-testid="list-search-results">
        {current.trim() ? resultsText(results, more) : ''}
      </p>
    </form>
  );
}
