import path from 'node:path';

/**
 * The walls between the backend's contexts (docs/architecture.md, "Backend contexts"). Each folder of lambdas/ is a
 * context; another context reaches it through its `public.ts` only, never a deeper file. `common/` is the kernel's
 * library (any of its files may be imported) and `routes.ts` the route table; `registry/` and `directory/` are the
 * kernel's contexts, and the kernel never imports above itself: common imports no context, the registry only
 * common, the directory only common and the registry. Relative import paths are resolved, so a deep import is
 * caught however it is spelled. That no two contexts depend on each other is checked for the whole tree by
 * `npm run cycles` (local/cycles.ts), which sees the graph this per-file rule cannot.
 */
const LAMBDAS = 'lambdas';
const LIBRARY = 'common';
/** The kernel, lowest first: each may import only those before it. */
const KERNEL = ['common', 'registry', 'directory'];
const SURFACE = 'public';

/** `{ context, module }` of a path inside lambdas/ (module: the path in the context, without extension). */
function placeOf(file) {
  const relative = path.relative(path.resolve(LAMBDAS), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  if (parts.length === 1) return { context: undefined, module: parts[0].replace(/\.[jt]sx?$/, '') };
  return { context: parts[0], module: parts.slice(1).join('/').replace(/\.[jt]sx?$/, '') };
}

const rank = (context) => (KERNEL.includes(context) ? KERNEL.indexOf(context) : KERNEL.length);

/** @type {import('eslint').Rule.RuleModule} */
export const backendWalls = {
  meta: {
    type: 'problem',
    docs: { description: "A backend context imports another only through its public.ts; the kernel never imports above itself." },
    messages: {
      deep: "Context '{{from}}' imports '{{to}}/{{module}}': import from '{{to}}/public' (add the name there if it belongs to {{to}}'s surface).",
      upward: "Kernel context '{{from}}' imports '{{to}}': the kernel ({{kernel}}) imports only the kernel below it.",
    },
    schema: [],
  },
  create(context) {
    const importer = placeOf(path.resolve(context.filename));
    if (!importer?.context) return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = placeOf(path.resolve(path.dirname(path.resolve(context.filename)), source.value));
      if (!target?.context || target.context === importer.context) return;
      const data = { from: importer.context, to: target.context, module: target.module, kernel: KERNEL.join(', ') };
      if (rank(importer.context) < KERNEL.length && rank(target.context) > rank(importer.context)) {
        context.report({ node: source, messageId: 'upward', data });
      } else if (target.context !== LIBRARY && target.module !== SURFACE) {
        context.report({ node: source, messageId: 'deep', data });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
