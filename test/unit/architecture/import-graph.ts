/**
 * The import graph of src/: every module's imports of our own modules, read with TypeScript's own
 * parser (so comments, strings and regular expressions never look like imports). An import is any of
 * `import ... from '...'`, `import '...'`, `export ... from '...'`, `import('...')`, `require('...')`
 * (the lazy `require('...') as typeof import('...')` form included) and `import x = require('...')`.
 * Type-only imports count too: a type imported up the layers still ties the lower layer to the upper.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** importing module, repo-relative with forward slashes (`src/cli/main.ts`) */
  from: string;
  /** imported module, same form */
  to: string;
  /** 1-based line of the import in `from` */
  line: number;
}

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/** The module specifiers one file names, with their lines. */
export function importSpecifiers(fileName: string, text: string): { spec: string; line: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { spec: string; line: number }[] = [];
  const add = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node)) {
      found.push({ spec: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isRequire || callee.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every import of one of our own modules (relative specifiers) made by a module under `srcDir`. */
export function importGraph(repoRoot: string, srcDir = 'src'): { modules: string[]; edges: ImportEdge[] } {
  const toRepo = (abs: string): string => relative(repoRoot, abs).split(sep).join('/');
  const files = tsFiles(join(repoRoot, srcDir));
  const modules = files.map(toRepo);
  const known = new Set(modules);
  const edges: ImportEdge[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const from = toRepo(file);
    for (const { spec, line } of importSpecifiers(file, readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue; // node: builtins and dependencies are outside the layers
      // NodeNext: the source imports `./x.js`, the module is `./x.ts` (or `./x/index.ts`).
      const base = posix.normalize(posix.join(posix.dirname(from), spec));
      const to = [base.replace(/\.js$/, '.ts'), base + '.ts', base + '/index.ts'].find((c) => known.has(c));
      if (to === undefined) throw new Error(`${from}:${line}: cannot resolve import '${spec}'`);
      const key = `${from} ${to}`;
      if (seen.has(key)) continue; // the lazy form names one module twice
      seen.add(key);
      edges.push({ from, to, line });
    }
  }
  return { modules, edges };
}

/**
 * The import cycles: one cycle (a path `a → b → … → a`) for each strongly connected component of more
 * than one module (or a module importing itself), found with Tarjan's algorithm.
 */
export function importCycles(modules: readonly string[], edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(modules.map((m) => [m, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  const strongConnect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const m of modules) if (!index.has(m)) strongConnect(m);
  // A readable cycle in each component: breadth-first from its first module back to itself.
  return components.map((component) => {
    const inside = new Set(component);
    const start = [...component].sort()[0]!;
    const parent = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const w of next.get(v) ?? []) {
        if (!inside.has(w)) continue;
        if (w === start) {
          const path = [v];
          while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
          return [...path, start];
        }
        if (!parent.has(w)) {
          parent.set(w, v);
          queue.push(w);
        }
      }
    }
    return [start, start];
  });
}

