import { ROUTES, type Context, type HttpMethod, type RouteDef } from './routes';

/**
 * How API Gateway routes lambdas/routes.ts, computed from it (docs/architecture.md, "API Gateway by context").
 * A part of the path tree whose routes all go to one context with one kind of authorisation (all behind the
 * Cognito authoriser, or all open) becomes one greedy resource, `<prefix>/{proxy+}` with an ANY method, instead of
 * a resource and a method per route; createHandler finds the route inside it (`matchRoute`). Everything else keeps
 * its own resource and method; a greedy resource sits only under a prefix without parameters. The CDK stack (lib/constructs/api.ts) and the local gateway (local/gateway.ts) both
 * build from this list, so they route the same. Pure: no handler code (CDK reads it at synth time).
 */
export interface GatewayMethod {
  /** The API Gateway resource path: a route's own path, or `<prefix>/{proxy+}`. */
  resource: string;
  method: HttpMethod | 'ANY';
  context: Context;
  /** No authoriser: every route it serves is `public` or `token`. */
  open: boolean;
  /** The routes this method serves (one, or every route under a greedy resource). */
  routes: RouteDef[];
}

export const PROXY_SEGMENT = '{proxy+}';

interface PathNode {
  path: string;
  children: Map<string, PathNode>;
  /** Routes whose path ends exactly here. */
  routes: RouteDef[];
}

const isOpen = (route: RouteDef) => route.access === 'public' || route.access === 'token';

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function pathTree(routes: readonly RouteDef[]): PathNode {
  const root: PathNode = { path: '', children: new Map(), routes: [] };
  for (const route of routes) {
    let node = root;
    for (const segment of segmentsOf(route.path)) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { path: `${node.path}/${segment}`, children: new Map(), routes: [] }));
      node = child;
    }
    node.routes.push(route);
  }
  return root;
}

/** Every route strictly below a node, and what one method per route would cost there (resources plus methods). */
function below(node: PathNode): { routes: RouteDef[]; cost: number } {
  const routes: RouteDef[] = [];
  let cost = 0;
  for (const child of node.children.values()) {
    const inner = below(child);
    routes.push(...child.routes, ...inner.routes);
    cost += 1 + child.routes.length + inner.cost;
  }
  return { routes, cost };
}

/** One greedy resource and its ANY method cost two; a part of the tree takes it when it holds more than that. */
const GREEDY_COST = 2;

function layoutOf(node: PathNode, into: GatewayMethod[]): GatewayMethod[] {
  for (const route of node.routes) {
    into.push({ resource: route.path, method: route.method, context: route.context, open: isOpen(route), routes: [route] });
  }
  const { routes, cost } = below(node);
  const [first] = routes;
  const oneKind = first && routes.every((r) => r.context === first.context && isOpen(r) === isOpen(first));
  // Only under a literal prefix: the greedy resource's prefix is then a plain string the request path starts with.
  const literal = !node.path.includes('{');
  if (first && oneKind && literal && cost > GREEDY_COST) {
    into.push({ resource: `${node.path}/${PROXY_SEGMENT}`, method: 'ANY', context: first.context, open: isOpen(first), routes });
    return into;
  }
  for (const child of node.children.values()) layoutOf(child, into);
  return into;
}

/** The API's methods, as API Gateway holds them. */
export function gatewayLayout(routes: readonly RouteDef[] = ROUTES): GatewayMethod[] {
  return layoutOf(pathTree(routes), []);
}

/** A path template's match of a request path: its parameters, or undefined. */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const wanted = segmentsOf(template);
  const given = segmentsOf(path);
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of wanted.entries()) {
    const value = given[i]!;
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (!name) {
      if (segment !== value) return undefined;
      continue;
    }
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return params;
}

/** Literal segments before parameters, segment by segment, as API Gateway prefers them. */
function specificity(a: RouteDef, b: RouteDef): number {
  const [sa, sb] = [segmentsOf(a.path), segmentsOf(b.path)];
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const [pa, pb] = [sa[i]!.startsWith('{'), sb[i]!.startsWith('{')];
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}

export type RouteMatch = { route: RouteDef; params: Record<string, string> } | { route?: undefined; pathKnown: boolean };

/** The route a method and a request path name among `routes` (the most specific path first), or whether the path is known. */
export function matchRoute(routes: readonly RouteDef[], method: string, path: string): RouteMatch {
  let pathKnown = false;
  for (const route of [...routes].sort(specificity)) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    pathKnown = true;
    if (route.method === method) return { route, params };
  }
  return { pathKnown };
}
