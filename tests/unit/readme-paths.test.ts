/**
 * The READMEs and docs/*.md stay true to the tree they describe.
 *
 * 1. Every path a README (any `README.md` in the repository) or a
 *    `docs/*.md` names in backticks exists. A backticked token counts as a
 *    path when it has no whitespace and either ends in `/`, ends in a file
 *    extension, or starts with a segment that is an entry of the repository
 *    root or of the document's folder. It is looked up relative to the
 *    document's folder, then relative to the repository root. Left out, on
 *    purpose and narrowly: addresses (`https://…`) and site paths (`/api/…`),
 *    globs (`*`), placeholders (`<key>`, `{slug}`, `…`, `a|b`), fenced code
 *    blocks (commands, not names), and what a build or a run makes
 *    (`GENERATED`). Decision records (docs/decisions/) are history: they keep
 *    the names of their day and are not checked.
 *
 * 2. A folder README that describes its folder entry by entry names every
 *    entry: each file and folder directly in it (dotfiles aside) appears in
 *    backticks, by its name (`media.ts`, `queries/`) or as the end of a path
 *    (`server/storage/media.ts`). This holds for the READMEs of the code
 *    folders (`app/`, `common/`, `server/`, `scripts/`, `bench/`, and the
 *    top of `tests/`), at every depth. The READMEs of the test suites'
 *    own folders (`tests/<suite>/`, where each file is named for what it
 *    tests) and of static assets (`public/`) describe them as a whole and are
 *    exempt.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Folders no document describes: dependencies, builds, run data. */
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'data', 'coverage', 'artifacts', 'test-results']);

/** What a build or a run creates; documents name it, the tree does not hold it. */
const GENERATED = ['build/', 'artifacts/', 'bench/results/', 'DATA_DIR/', 'data/', 'coverage/'];

const FILE_EXTENSION = /\.(?:ts|tsx|mts|js|mjs|cjs|json|md|css|svg|png|webp|jpe?g|sh|ya?ml|sql|html|txt|woff2?|ttf)$/;

/** Where entry-by-entry listing is expected (see the header). */
const LISTING_ROOTS = ['app', 'common', 'server', 'scripts', 'bench'];
const LISTING_EXACT = ['tests'];

function walk(dir: string, found: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (entry.name === 'README.md') found.push(path);
  }
  return found;
}

const readmes = walk(ROOT, []).map((path) => relative(ROOT, path));
const docs = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => join('docs', name));
const documents = [...readmes, ...docs].sort();

function backticked(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => (match[1] ?? '').trim());
}

function isPlaceholderOrElsewhere(token: string): boolean {
  token = token.replace(/^\.\//, '');
  return (
    /\s/.test(token) ||
    token.includes('://') ||
    token.startsWith('/') ||
    /[*<>{}|…$=]/.test(token) ||
    token.includes('...') ||
    GENERATED.some((prefix) => token === prefix.slice(0, -1) || token.startsWith(prefix))
  );
}

function looksLikePath(token: string, folder: string): boolean {
  if (token.endsWith('/') || FILE_EXTENSION.test(token)) return true;
  if (!token.includes('/')) return false;
  const first = token.split('/')[0] ?? '';
  if (first === '.' || first === '..') return true;
  return existsSync(join(ROOT, first)) || existsSync(join(ROOT, folder, first));
}

function pathsNamed(document: string): string[] {
  const folder = dirname(document);
  return backticked(readFileSync(join(ROOT, document), 'utf8')).filter(
    (token) => !isPlaceholderOrElsewhere(token) && looksLikePath(token, folder),
  );
}

function exists(token: string, folder: string): boolean {
  return existsSync(join(ROOT, folder, token)) || existsSync(join(ROOT, token));
}

function listsItsFolder(readme: string): boolean {
  const folder = dirname(readme);
  return LISTING_EXACT.includes(folder) || LISTING_ROOTS.some((top) => folder === top || folder.startsWith(top + sep));
}

describe('the paths documents name', () => {
  it('finds the documents', () => {
    expect(documents).toContain('docs/architecture.md');
    expect(documents).toContain(join('server', 'db', 'README.md'));
  });

  it.each(documents)('%s names only paths that exist', (document) => {
    const folder = dirname(document);
    const missing = pathsNamed(document).filter((token) => !exists(token, folder));
    expect(missing).toEqual([]);
  });
});

describe('folder READMEs that list their folder', () => {
  const listing = readmes.filter(listsItsFolder);

  it('covers every code folder with a README', () => {
    expect(listing).toContain(join('server', 'storage', 'README.md'));
    expect(listing).toContain(join('tests', 'README.md'));
    expect(listing).not.toContain(join('tests', 'e2e', 'README.md'));
  });

  it.each(listing)('%s names every entry of its folder', (readme) => {
    const folder = dirname(readme);
    const names = new Set(
      backticked(readFileSync(join(ROOT, readme), 'utf8')).flatMap((token) => {
        const trimmed = token.replace(/\/$/, '');
        return [trimmed, trimmed.split('/').at(-1) ?? trimmed];
      }),
    );
    const unnamed = readdirSync(join(ROOT, folder))
      .filter((name) => name !== 'README.md' && !name.startsWith('.') && !SKIPPED_DIRS.has(name))
      .filter((name) => !GENERATED.includes(`${folder}/${name}/`) && !names.has(name));
    expect(unnamed).toEqual([]);
  });
});
