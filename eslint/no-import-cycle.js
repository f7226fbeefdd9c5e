/**
 * Refuses an import that closes a cycle, type-only imports and lazy
 * `import()` included: import-x's no-cycle skips type imports, so a cycle
 * held together by types (server/deps.ts ↔ a service) passed it. The other
 * modules are read from disk and parsed by the TypeScript compiler, once per
 * process and file version, so the rule stays cheap on the whole tree, and
 * an import is what the parser calls one: a comment in an import list hides
 * none, and a string that reads like an import makes none.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** @type {Map<string, { mtimeMs: number, imports: string[] }>} */
const graph = new Map();

/** The project file a relative specifier names, or null for packages and missing files. */
function resolveSpecifier(specifier, fromFile) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
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

/**
 * The specifiers a module imports from, in the four forms the rule checks
 * in the linted file: `import`, `export … from`, and `import()`.
 */
function specifiersIn(source, file) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function importsOf(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const known = graph.get(file);
  if (known && known.mtimeMs === stat.mtimeMs) return known.imports;
  const resolved = specifiersIn(fs.readFileSync(file, 'utf8'), file).map((specifier) => resolveSpecifier(specifier, file));
  const imports = [...new Set(resolved.filter((target) => target !== null))];
  graph.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
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
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both need down a layer.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const root = context.cwd;
    const check = (node) => {
      if (typeof node.value !== 'string') return;
      const target = resolveSpecifier(node.value, file);
      if (!target || target === file) return;
      const chain = pathBack(target, file);
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
