/**
 * Refuses an import that closes a cycle, type-only imports and lazy
 * `import()` included: import-x's no-cycle skips type imports, so a cycle
 * held together by types (server/deps.ts ↔ a service) passed it. Modules
 * are read from disk and their imports found by pattern, once per process
 * and file version, so the rule stays cheap on the whole tree.
 */
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /(?:^|[\n;])\s*(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** @type {Map<string, { mtimeMs: number, imports: string[] }>} */
const graph = new Map();

/** The project file a specifier names, or null for packages and missing files. */
function resolveSpecifier(specifier, fromFile, appRoot) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('~/')) base = path.join(appRoot, specifier.slice(2));
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this extension: try the next.
    }
  }
  return null;
}

function importsIn(source, file, appRoot) {
  const found = new Set();
  for (const match of source.matchAll(SOURCE)) {
    const resolved = resolveSpecifier(match[1] ?? match[2] ?? match[3], file, appRoot);
    if (resolved) found.add(resolved);
  }
  return [...found];
}

function importsOf(file, appRoot) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const known = graph.get(file);
  if (known && known.mtimeMs === stat.mtimeMs) return known.imports;
  const imports = importsIn(fs.readFileSync(file, 'utf8'), file, appRoot);
  graph.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `target`, or null. */
function pathBack(start, target, appRoot) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file, appRoot)) {
      if (next === target) {
        const chain = [file];
        for (let at = cameFrom.get(file); at; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse import cycles, type-only and lazy imports included.' },
    schema: [{ type: 'object', properties: { appRoot: { type: 'string' } }, required: ['appRoot'], additionalProperties: false }],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both need down a layer.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const { appRoot } = context.options[0];
    const root = context.cwd;
    const check = (node) => {
      if (typeof node.value !== 'string') return;
      const target = resolveSpecifier(node.value, file, appRoot);
      if (!target || target === file) return;
      const chain = target === file ? [] : pathBack(target, file, appRoot);
      if (chain) {
        const names = [file, ...chain, file].map((f) => path.relative(root, f));
        context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source),
    };
  },
};
