/**
 * app/public.css builds Tailwind's classes from the public files only: it
 * leaves out the back office's folders, a few ui components and
 * lib/admin-*. A public file that imported one of those would be drawn
 * without its classes on a first visit, so none may (decision 102).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = path.resolve('app');
const stylesheet = readFileSync(path.join(APP, 'public.css'), 'utf8');

/** The `@source not` paths of public.css, braces spelled out, relative to app/. */
function leftOut(): string[] {
  const paths: string[] = [];
  for (const [, source = ''] of stylesheet.matchAll(/@source not '([^']+)'/g)) {
    const braces = /\{([^}]+)\}/.exec(source);
    const spelled = braces ? (braces[1] ?? '').split(',').map((name) => source.replace(braces[0], name)) : [source];
    paths.push(...spelled.map((entry) => path.posix.normalize(entry)));
  }
  return paths;
}

/** Whether a file (relative to app/) is one public.css leaves out. */
function isLeftOut(file: string, patterns: string[]): boolean {
  return patterns.some((pattern) => {
    if (pattern.includes('*')) {
      const [head = '', tail = ''] = pattern.split('*');
      return file.startsWith(head) && file.endsWith(tail);
    }
    return file === pattern || file.startsWith(`${pattern}/`);
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [path.relative(APP, full).split(path.sep).join('/')] : [];
  });
}

describe('the public stylesheet', () => {
  const patterns = leftOut();

  it('leaves out the back office', () => {
    expect(patterns).toEqual(expect.arrayContaining(['routes/admin', 'components/admin', 'components/ui/dialog.tsx']));
  });

  it('covers every file a public file imports', () => {
    const publicFiles = sourceFiles(APP).filter((file) => !isLeftOut(file, patterns) && !file.endsWith('.server.ts'));
    const imported: string[] = [];
    for (const file of publicFiles) {
      const text = readFileSync(path.join(APP, file), 'utf8');
      for (const [, specifier = ''] of text.matchAll(/^(?:import|export)[^'"]*from '(\.[^']+)'/gm)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        const candidates = [target, `${target}.ts`, `${target}.tsx`];
        if (candidates.some((candidate) => isLeftOut(candidate, patterns))) imported.push(`${file} imports ${specifier}`);
      }
    }
    expect(imported).toEqual([]);
  });
});
