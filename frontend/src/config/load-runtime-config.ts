import { checkRuntimeConfig, type RuntimeConfig } from '@shared/contracts/runtime-config';

/** Why `/config.json` could not be used. Only field paths are kept: never echo values into the page. */
export type ConfigProblem =
  | { kind: 'unreachable' }
  | { kind: 'http'; status: number }
  | { kind: 'missing' }
  | { kind: 'not-json' }
  | { kind: 'invalid'; fields: string[] };

export type ConfigLoadResult = { ok: true; config: RuntimeConfig } | { ok: false; problem: ConfigProblem };

export const CONFIG_URL = '/config.json';

/**
 * Reads the runtime configuration written next to the site (CDK BucketDeployment in AWS, the local gateway with
 * `npm start`). Never throws: every failure becomes a problem the error screen can explain.
 */
export async function loadRuntimeConfig(url: string = CONFIG_URL): Promise<ConfigLoadResult> {
  let response: Response;
  try {
    // no-store: a redeploy rewrites config.json under the same name, and a stale copy would point at old pools.
    response = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, problem: { kind: 'unreachable' } };
  }
  if (!response.ok) return { ok: false, problem: { kind: 'http', status: response.status } };

  const text = await response.text();
  // A single-page-app fallback (CloudFront 404 -> index.html) answers 200 with the HTML shell.
  if ((response.headers.get('content-type') ?? '').includes('text/html') || text.trimStart().startsWith('<')) {
    return { ok: false, problem: { kind: 'missing' } };
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: { kind: 'not-json' } };
  }

  const checked = checkRuntimeConfig(json);
  if (!checked.success) return { ok: false, problem: { kind: 'invalid', fields: checked.fields } };
  return { ok: true, config: checked.data };
}

let early: Promise<ConfigLoadResult> | undefined;

/**
 * main.tsx starts reading `/config.json` as soon as the entry runs, in parallel with the visitor's strings, rather
 * than once the app has rendered (docs/frontend.md, "Critical path on a phone"). The config gate's first read
 * takes that answer; a retry reads again.
 */
export function prefetchRuntimeConfig(): void {
  early ??= loadRuntimeConfig(CONFIG_URL);
}

export function readRuntimeConfig(url: string = CONFIG_URL): Promise<ConfigLoadResult> {
  const started = url === CONFIG_URL ? early : undefined;
  early = undefined;
  return started ?? loadRuntimeConfig(url);
}
