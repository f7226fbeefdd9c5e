/**
 * Lint refuses every import that docs/architecture.md's table forbids. The
 * table is read from the document itself: for each line, a file of each
 * layer named on the left imports a file of each part named on the right,
 * once as a value and once as a type only, and lint must refuse both. A few
 * imports the table allows must pass, and import cycles (of values, of types,
 * through `import()`) are refused too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LAYER_RULE = 'boundaries/dependencies';
const OUTSIDE_LAYERS_RULE = 'boundaries/no-unknown-files';
const IMPORT_OUTSIDE_LAYERS_RULE = 'boundaries/no-unknown-dependencies';
const CYCLE_RULE = 'local/no-import-cycle';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
});

/** The rules that refused `code`, linted as if it were the file `filePath`. */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

/** The modules of `folder`, and with `declarations` its type declarations (`.d.ts`) too. */
function sourceFiles(folder: string, { declarations = false } = {}): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && (declarations || !file.endsWith('.d.ts')))
    .sort();
}

const isDirectory = (file: string) => statSync(path.join(ROOT, file)).isDirectory();
const PAGE_MODULE = /^app\/(server\/|entry\.server\.tsx$|load-context\.ts$)/;

/** `server/{a,b}/` → `server/a/`, `server/b/`. */
function expandBraces(token: string): string[] {
  const match = /^(.*?)\{([^}]+)\}(.*)$/.exec(token);
  if (!match) return [token];
  const [, before = '', parts = '', after = ''] = match;
  return parts.split(',').flatMap((part) => expandBraces(`${before}${part}${after}`));
}

function globToRegExp(glob: string): RegExp {
  const escaped = (part: string) => part.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${glob.split('**/').map(escaped).join('(?:.*/)?')}$`);
}

/** One file standing for a layer that imports: the first of its files. */
function importingFile(token: string): string {
  if (token.includes('*')) {
    const files = sourceFiles(token.slice(0, token.indexOf('/'))).filter((file) => globToRegExp(token).test(file));
    if (files[0]) return files[0];
  } else if (!token.endsWith('/')) {
    return token;
  } else {
    // A folder's browser code: its page modules are a layer of their own.
    const files = sourceFiles(token, { declarations: true }).filter((file) => PAGE_MODULE.test(token) || !PAGE_MODULE.test(file));
    if (files[0]) return files[0];
  }
  throw new Error(`No file of ${token} to import from`);
}

/**
 * Files standing for a part that is imported: a named file, the first and
 * last files a pattern matches, or in a folder the first file of each
 * subfolder and its own first and last files.
 */
function importedFiles(token: string): string[] {
  if (token.includes('*')) {
    const files = sourceFiles(token.slice(0, token.indexOf('/'))).filter((file) => globToRegExp(token).test(file));
    return [...new Set([...files.slice(0, 1), ...files.slice(-1)])];
  }
  if (!token.endsWith('/')) return [token];
  const children = readdirSync(path.join(ROOT, token)).sort();
  const own = children.map((child) => `${token}${child}`).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
  const nested = children
    .filter((child) => isDirectory(`${token}${child}`))
    .map((child) => sourceFiles(`${token}${child}`)[0])
    .filter((file): file is string => file !== undefined);
  return [...new Set([...own.slice(0, 1), ...own.slice(-1), ...nested])];
}

function specifier(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** The rows of docs/architecture.md's table: [layers, never imports]. */
function tableRows(): { line: string; layers: string[]; never: string[] }[] {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const table = doc.slice(doc.indexOf('| Layer | Never imports |'), doc.indexOf('## The three request paths'));
  const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].flatMap((match) => expandBraces(match[1] ?? ''));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && line.includes('`') && !line.startsWith('| Layer'))
    .map((line) => {
      const [, layers = '', never = ''] = line.split('|');
      return { line: layers.trim(), layers: ticked(layers), never: ticked(never).filter((token) => token.includes('/')) };
    });
}

const rows = tableRows();

describe("docs/architecture.md's table", () => {
  it('has the lines lint enforces', () => {
    expect(rows.map((row) => row.layers[0])).toEqual([
      'common/',
      'server/db/',
      'server/config.ts',
      'server/deps.ts',
      'server/payments/',
      'server/services/',
      'server/http/',
      'server/api/',
      'server/cli/',
      'server/index.ts',
      'app/server/',
      'app/lib/',
      'app/',
      'server/types/',
    ]);
    for (const row of rows) expect(row.never.length, row.line).toBeGreaterThan(0);
  });
});

describe('lint refuses every import the table forbids', () => {
  for (const row of rows) {
    const pairs = row.layers.flatMap((layer) => {
      const from = importingFile(layer);
      return row.never.flatMap((part) => importedFiles(part).map((to) => ({ from, to })));
    });
    it(`${row.line}: ${pairs.length} imports refused, as values and as types`, { timeout: 120_000 }, async () => {
      const passed: string[] = [];
      for (const { from, to } of pairs) {
        const target = specifier(from, to);
        const value = await refusals(from, `import * as imported from '${target}';\nexport { imported };\n`);
        const type = await refusals(from, `import type * as Imported from '${target}';\nexport type { Imported };\n`);
        if (!value.includes(LAYER_RULE)) passed.push(`${from} → ${to}`);
        if (!type.includes(LAYER_RULE)) passed.push(`${from} → ${to} (type only)`);
      }
      expect(passed).toEqual([]);
    });
  }
});

describe('lint lets the allowed imports through', () => {
  const allowed: [string, string][] = [
    ['server/services/content/content.ts', 'server/db/queries/posts.ts'],
    ['server/services/content/content.ts', 'server/markdown/render.ts'],
    ['server/api/content.ts', 'server/services/index.ts'],
    ['server/api/content.ts', 'server/http/errors.ts'],
    ['server/newsletter/email.tsx', 'server/markdown/render.ts'],
    ['server/payments/provider.ts', 'server/mail/mailer.ts'],
    ['server/db/queries/posts.ts', 'server/lazy-module.ts'],
    ['server/http/errors.ts', 'server/deps.ts'],
    ['app/server/content.server.ts', 'server/services/index.ts'],
    ['app/lib/api-client.ts', 'common/errors.ts'],
    ['app/routes/contact.tsx', 'app/lib/api-client.ts'],
  ];
  for (const [from, to] of allowed) {
    it(`${from} → ${to}`, async () => {
      const target = specifier(from, to);
      expect(await refusals(from, `import * as imported from '${target}';\nexport { imported };\n`)).toEqual([]);
      expect(await refusals(from, `import type * as Imported from '${target}';\nexport type { Imported };\n`)).toEqual([]);
    });
  }
});

describe('lint cannot be walked around', () => {
  const importing = (target: string) => `import * as imported from '${target}';\nexport { imported };\n`;

  it('refuses a file outside every layer, such as one of a new folder under server/', async () => {
    expect(await refusals('server/reports/summary.ts', importing('../../app/routes/contact.tsx'))).toContain(OUTSIDE_LAYERS_RULE);
  });

  it('refuses a layer importing a file outside every layer', async () => {
    expect(await refusals('server/db/database.ts', importing('../reports/summary.ts'))).toContain(IMPORT_OUTSIDE_LAYERS_RULE);
    expect(await refusals('server/services/content/content.ts', importing('../../../scripts/run.mjs'))).toContain(IMPORT_OUTSIDE_LAYERS_RULE);
  });

  it('refuses an import through the `~/` alias, which app/ does not have', async () => {
    expect(await refusals('app/lib/api-client.ts', importing('~/lib/cn.ts'))).toContain(IMPORT_OUTSIDE_LAYERS_RULE);
    expect(await refusals('server/db/database.ts', importing('~/routes/contact.tsx'))).toContain(IMPORT_OUTSIDE_LAYERS_RULE);
  });

  it('refuses a browser helper importing a page module', async () => {
    expect(await refusals('app/lib/api-client.ts', importing('../server/content.server.ts'))).toContain(LAYER_RULE);
  });
});

describe('lint refuses import cycles', () => {
  // server/services/index.ts imports content/content.ts: it importing index.ts back closes a cycle.
  const from = 'server/services/content/content.ts';
  it.each([
    ['of values', `import { createServices } from '../index.ts';\nexport { createServices };\n`],
    ['held by a type-only import', `import type { AppServices } from '../index.ts';\nexport type { AppServices };\n`],
    ['through a lazy import()', `export const load = () => import('../index.ts');\n`],
  ])('%s', async (_kind, code) => {
    expect(await refusals(from, code)).toContain(CYCLE_RULE);
  });

  it('between server/deps.ts and a service, by types alone', async () => {
    const refused = await refusals('server/deps.ts', `import type { AuditRecord } from './services/site/audit-log.ts';\nexport type { AuditRecord };\n`);
    expect(refused).toContain(CYCLE_RULE);
    expect(refused).toContain(LAYER_RULE);
  });

  // On disk commented.ts imports leaf.ts in an import list that holds a
  // comment with an apostrophe; quoted.ts names leaf.ts only in a string and
  // a comment. Imports are read from a parse, so neither fools the rule.
  it('closed by an import list that holds a comment', async () => {
    const refused = await refusals('tests/unit/import-cycle/leaf.ts', `import { commented } from './commented.ts';\nexport const leaf = commented;\n`);
    expect(refused).toContain(CYCLE_RULE);
  });

  it('but not one that a string or a comment only reads like', async () => {
    expect(await refusals('tests/unit/import-cycle/leaf.ts', `import { quoted } from './quoted.ts';\nexport const leaf = quoted;\n`)).toEqual([]);
  });

  it('but not an import that leads nowhere back', async () => {
    expect(await refusals(from, `import { nowSeconds } from '../../db/database.ts';\nexport { nowSeconds };\n`)).toEqual([]);
  });
});
