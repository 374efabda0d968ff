import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AppStack } from '../../lib/app-stack';
import { readDeploySettings, SETTINGS_CONTEXT_KEY, type DeploySettings } from '../../lib/config';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** cdk.json's context (feature flags and default settings), so tests synthesise what `cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return cdkJson.context;
}

export interface StackFixture {
  app: App;
  stack: AppStack;
  template: Template;
  settings: DeploySettings;
  cleanup: () => void;
}

export interface StackFixtureOptions {
  /** Merged over cdk.json's settings object. */
  settings?: Record<string, unknown>;
  /** Bundle the functions with esbuild (slower, proves every entry file builds). Default true. */
  bundle?: boolean;
  /**
   * CDK's built-in CloudFormation validation at synth (a WebAssembly rules engine: about 5 CPU s to load in each
   * test worker, then 0.5-2.5 s a synthesis). Default true: the two whole-stack files keep it (app-stack.test.ts
   * with every feature on, app-stack-options.test.ts with every switch the other way), so a template CloudFormation
   * would refuse fails there; a file about one feature's resources sets it to false.
   */
  cfnValidation?: boolean;
}

/** Builds and synthesises the stack once, as bin/app.ts does, with a throwaway frontend build. */
export function synthStack(options: StackFixtureOptions = {}): StackFixture {
  const webAssetDir = mkdtempSync(path.join(os.tmpdir(), 'school-directory-web-'));
  writeFileSync(path.join(webAssetDir, 'index.html'), '<!doctype html><title>Bottin</title>');
  mkdirSync(path.join(webAssetDir, 'assets'));
  writeFileSync(path.join(webAssetDir, 'assets', 'index-abc123.js'), 'console.log("bottin")');
  // A build's source maps: the site deployment must leave them out (test/lib/app-stack.test.ts).
  writeFileSync(path.join(webAssetDir, 'assets', 'index-abc123.js.map'), '{"version":3}');
  writeFileSync(path.join(webAssetDir, 'index.html.map'), '{"version":3}');

  const context = cdkJsonContext();
  const app = new App({
    builtinCloudFormationValidation: options.cfnValidation ?? true,
    context: {
      ...context,
      [SETTINGS_CONTEXT_KEY]: { ...(context[SETTINGS_CONTEXT_KEY] as object), ...options.settings },
      // CDK's own switch: stacks not listed here skip asset bundling.
      ...(options.bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}),
    },
  });
  const settings = readDeploySettings(app.node);
  const stack = new AppStack(app, 'SchoolDirectory', { env: { region: settings.region }, settings, webAssetDir });
  const template = Template.fromStack(stack);
  return { app, stack, template, settings, cleanup: () => rmSync(webAssetDir, { recursive: true, force: true }) };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: unknown }>;

/** Logical ids a value references through Ref and Fn::GetAtt. */
function referencedIds(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedIds(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt') into.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]!);
      else referencedIds(inner, into);
    }
  }
  return into;
}

/** Every dependency cycle among the template's resources (CloudFormation refuses to deploy any). */
export function dependencyCycles(template: Template): string[][] {
  const resources = template.toJSON().Resources as Resources;
  const edges = new Map<string, string[]>();
  for (const [id, resource] of Object.entries(resources)) {
    const targets = referencedIds(resource.Properties ?? {}, new Set());
    for (const dep of ([] as unknown[]).concat(resource.DependsOn ?? [])) targets.add(String(dep));
    edges.set(id, [...targets].filter((target) => target in resources));
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, trail: string[]) => {
    state.set(id, 'open');
    for (const next of edges.get(id) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), id, next]);
      else if (!state.has(next)) visit(next, [...trail, id]);
    }
    state.set(id, 'done');
  };
  for (const id of edges.keys()) if (!state.has(id)) visit(id, []);
  return cycles;
}

/** API Gateway resource id -> full path (`/api/health`), rebuilt from PathPart/ParentId. */
export function apiResourcePaths(template: Template): Map<string, string> {
  const resources = template.findResources('AWS::ApiGateway::Resource') as Resources;
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known) return known;
    const props = resources[id]!.Properties as { PathPart: string; ParentId: { Ref?: string } };
    const parent = props.ParentId.Ref;
    const full = `${parent && parent in resources ? pathOf(parent) : ''}/${props.PathPart}`;
    paths.set(id, full);
    return full;
  };
  for (const id of Object.keys(resources)) pathOf(id);
  return paths;
}

/** The logical id CloudFormation will use for the L1 resource under a construct path. */
export function logicalIdAt(fixture: StackFixture, constructPath: string): string {
  const node = fixture.stack.node.findAll().find((child) => child.node.path === `SchoolDirectory/${constructPath}`);
  if (!node) throw new Error(`No construct at ${constructPath}`);
  return fixture.stack.resolve((node as unknown as { logicalId: string }).logicalId) as string;
}
