import path from 'node:path';

/**
 * The frontend's layers (docs/frontend.md): `app` composes the features; a feature never imports another
 * feature; `components` (shared UI), `lib` (shared hooks, models, API client) and everything else outside `app`
 * never import a feature. Relative import paths are resolved, so `../../other-feature/x` is caught however it is
 * spelled.
 */
const SRC = path.join('frontend', 'src');

/** `{ layer, feature }` of a path inside frontend/src, or undefined outside it. */
function placeOf(file) {
  const relative = path.relative(path.resolve(SRC), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [layer, feature] = relative.split(path.sep);
  return { layer, feature: layer === 'features' ? feature : undefined };
}

/** @type {import('eslint').Rule.RuleModule} */
export const frontendLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Features never import each other; only app/ imports features.' },
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}': move what both use to components/ or lib/, or compose them in app/.",
      intoFeature: "{{from}}/ imports feature '{{to}}': only app/ may import features.",
    },
    schema: [],
  },
  create(context) {
    const importer = placeOf(path.resolve(context.filename));
    if (!importer || importer.layer === 'app') return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = placeOf(path.resolve(path.dirname(path.resolve(context.filename)), source.value));
      if (!target?.feature || target.feature === importer.feature) return;
      if (importer.feature) {
        context.report({ node: source, messageId: 'crossFeature', data: { from: importer.feature, to: target.feature } });
      } else {
        context.report({ node: source, messageId: 'intoFeature', data: { from: importer.layer, to: target.feature } });
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
