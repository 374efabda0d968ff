/**
 * The no-cycle check (docs/architecture.md, "Backend contexts"; run by `npm run cycles`, part of `npm run checks`):
 * the import graph of the whole tree, resolved the way TypeScript resolves it (each file with the options of the
 * tsconfig it belongs to, so an import alias counts like a relative path), must have no circle of files; and the
 * backend's contexts (the folders of lambdas/) must not depend on each other in a loop, even where each import goes
 * through a public surface and no file circle forms. Type-only imports count: a circle of types is a tangle too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const FOLDERS = ['bin', 'lib', 'lambdas', 'shared', 'local', 'eslint', 'frontend/src', 'frontend/build', 'test'];
const SKIPPED = new Set(['node_modules', 'dist', 'cdk.out', '.data']);
const SOURCE = /\.(ts|tsx|js|mjs)$/;

export interface CycleReport {
  /** Each circle of files, as paths relative to the root, in import order. */
  files: string[][];
  /** Each circle of lambdas/ contexts. */
  contexts: string[][];
}

function sourceFiles(folder: string): string[] {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * How a file's imports resolve: with the compiler options of the tsconfig it belongs to (the frontend's for
 * frontend/, the root's otherwise) and one resolution cache per tsconfig, so a package or folder looked up once is
 * not looked up again for every file that imports it (the same answers as without the cache, less file system work).
 */
function resolverFor(root: string): (name: string, file: string) => string | undefined {
  const load = (configPath: string) => {
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
    const options: ts.CompilerOptions = config
      ? { ...ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath)).options, allowJs: true }
      : { moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true };
    const cache = ts.createModuleResolutionCache(path.dirname(configPath), (name) => name, options);
    return (name: string, file: string) => ts.resolveModuleName(name, file, options, ts.sys, cache).resolvedModule?.resolvedFileName;
  };
  const rootResolver = load(path.join(root, 'tsconfig.json'));
  const frontendResolver = load(path.join(root, 'frontend', 'tsconfig.json'));
  const frontend = path.join(root, 'frontend') + path.sep;
  return (name, file) => (file.startsWith(frontend) ? frontendResolver : rootResolver)(name, file);
}

/** Every file's imports that resolve to another source file of the tree. */
function importGraph(root: string): Map<string, string[]> {
  const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const known = new Set(files);
  const resolve = resolverFor(root);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const resolved = resolve(fileName, file);
      return resolved && known.has(resolved) && resolved !== file ? [resolved] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one member (Tarjan), each ordered along its edges. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The context graph of lambdas/: an edge where a file of one context imports a file of another. */
function contextGraph(root: string, files: Map<string, string[]>): Map<string, string[]> {
  const lambdas = path.join(root, 'lambdas');
  const contextOf = (file: string) => {
    const parts = path.relative(lambdas, file).split(path.sep);
    return parts[0] !== '..' && parts.length > 1 ? parts[0] : undefined;
  };
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = contextOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = contextOf(target);
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return new Map([...graph].map(([from, to]) => [from, [...to]]));
}

export function findCycles(root: string): CycleReport {
  const graph = importGraph(path.resolve(root));
  const relative = (file: string) => path.relative(root, file);
  return {
    files: circles(graph).map((circle) => circle.map(relative)),
    contexts: circles(contextGraph(path.resolve(root), graph)),
  };
}
