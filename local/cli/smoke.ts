/**
 * `npm run smoke -- --url <site> [--known-email <email>]`: checks a running deployment from the outside, the way a
 * browser sees it (AWS after `npm run deploy`, or `npm start` at http://127.0.0.1:3000). One line per check, ✔ or ✘
 * with what was wrong; exit code 1 when any check fails. Read-only: it writes nothing (validateEmailV2 only reads).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkRuntimeConfig } from '@shared/contracts/runtime-config';

export interface CheckResult {
  name: string;
  ok: boolean;
  /** What was wrong (failures only). */
  problem?: string;
}

export interface SmokeOptions {
  url: string;
  /** A registered person's email: the check then proves validateEmailV2 does not tell an anonymous caller the name. */
  knownEmail?: string;
  fetch?: typeof fetch;
}

interface Response {
  status: number;
  headers: Headers;
  body: string;
}

class CheckFailed extends Error {}
const expectThat = (condition: unknown, problem: string): void => {
  if (!condition) throw new CheckFailed(problem);
};
const isJson = (r: Response) => /^application\/json\b/i.test(r.headers.get('content-type') ?? '');
const parseJson = (r: Response): unknown => {
  expectThat(isJson(r), `answered ${r.headers.get('content-type') ?? 'no content type'}, not JSON (HTTP ${r.status})`);
  try {
    return JSON.parse(r.body) as unknown;
  } catch {
    throw new CheckFailed('the body is not valid JSON');
  }
};

/** The security headers CloudFront adds (lib/constructs/web.ts); problems found on one response. */
function headerProblems(r: Response): string[] {
  const problems: string[] = [];
  const csp = r.headers.get('content-security-policy');
  if (!csp) problems.push('Content-Security-Policy missing');
  else if (!/frame-ancestors 'none'/.test(csp)) problems.push("Content-Security-Policy lacks frame-ancestors 'none'");
  const hsts = /max-age=(\d+)/.exec(r.headers.get('strict-transport-security') ?? '');
  if (!hsts) problems.push('Strict-Transport-Security missing');
  else if (Number(hsts[1]) < 31_536_000) problems.push(`Strict-Transport-Security max-age ${hsts[1]} is under a year`);
  const referrer = r.headers.get('referrer-policy');
  if (referrer !== 'no-referrer') problems.push(`Referrer-Policy is ${referrer ?? 'missing'}, not no-referrer`);
  if (r.headers.get('x-content-type-options') !== 'nosniff') problems.push('X-Content-Type-Options: nosniff missing');
  return problems;
}

const notCached = (r: Response, what: string) =>
  expectThat(
    /\bno-store\b/.test(r.headers.get('cache-control') ?? ''),
    `${what}: Cache-Control is ${r.headers.get('cache-control') ?? 'missing'}, not no-store`,
  );

/** Runs every check; never throws for a failing deployment (each failure is a result). */
export async function runSmoke(options: SmokeOptions): Promise<CheckResult[]> {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const get = async (pathname: string, init?: RequestInit): Promise<Response> => {
    const response = await doFetch(`${base}${pathname}`, { redirect: 'manual', ...init });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  const post = (pathname: string, body: string) =>
    get(pathname, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  const results: CheckResult[] = [];
  const check = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
      results.push({ name, ok: true });
    } catch (error) {
      const problem = error instanceof CheckFailed ? error.message : `request failed: ${(error as Error).message}`;
      results.push({ name, ok: false, problem });
    }
  };

  let shell: Response | undefined;
  await check('the home page is served', async () => {
    shell = await get('/');
    expectThat(shell.status === 200, `GET / answered HTTP ${shell.status}`);
    expectThat(/<div id="root"/.test(shell.body) || /<html/i.test(shell.body), 'GET / is not an HTML page');
  });
  await check('/config.json holds the runtime configuration', async () => {
    const r = await get('/config.json');
    expectThat(r.status === 200, `HTTP ${r.status}`);
    const checked = checkRuntimeConfig(parseJson(r));
    expectThat(checked.success, `not the runtime-config shape: ${checked.success ? '' : checked.fields.join(', ')}`);
  });
  await check('/api/health answers ok', async () => {
    const r = await get('/api/health');
    expectThat(r.status === 200, `HTTP ${r.status}`);
    expectThat((parseJson(r) as { status?: unknown }).status === 'ok', 'no {"status":"ok"} in the answer');
    notCached(r, '/api/health');
  });
  await check('validateEmailV2 answers an unknown email without details', async () => {
    const r = await post('/api/validateEmailV2', JSON.stringify({ email: `smoke-${Date.now()}@example.invalid` }));
    expectThat(r.status === 200, `HTTP ${r.status}`);
    const body = parseJson(r) as Record<string, unknown>;
    expectThat(body.authorized === false && body.message === 'EMAIL_NOT_AUTHORIZED', `unexpected answer ${r.body}`);
    expectThat(body.displayName === null && body.userType === null, `it tells more than it should: ${r.body}`);
    notCached(r, 'validateEmailV2');
  });
  if (options.knownEmail) {
    await check('validateEmailV2 does not leak a registered name', async () => {
      const r = await post('/api/validateEmailV2', JSON.stringify({ email: options.knownEmail }));
      const body = parseJson(r) as Record<string, unknown>;
      expectThat(body.authorized === true, `the email is not authorized (HTTP ${r.status})`);
      expectThat(body.displayName === null && body.userType === null, 'an anonymous caller gets the name or role');
    });
  }
  for (const deepLink of ['/classes', '/update/smoke-check']) {
    await check(`the deep link ${deepLink} is served by the app`, async () => {
      const r = await get(deepLink);
      expectThat(r.status === 200, `HTTP ${r.status}`);
      expectThat(shell !== undefined && r.body === shell.body, 'the answer is not the app page (index.html)');
    });
  }
  await check('an /api error stays JSON (not the app page)', async () => {
    const unknown = await get('/api/smoke-no-such-route');
    expectThat(unknown.status >= 400 && unknown.status < 500, `GET /api/smoke-no-such-route answered HTTP ${unknown.status}`);
    const body = parseJson(unknown) as { error?: { code?: unknown } };
    expectThat(typeof body.error?.code === 'string', `no error code in ${unknown.body.slice(0, 80)}`);
    notCached(unknown, 'an /api error');
    const malformed = await post('/api/validateEmailV2', '{');
    expectThat(malformed.status === 400, `a malformed body answered HTTP ${malformed.status}, not 400`);
    parseJson(malformed);
  });
  await check('security headers on the pages and the API', async () => {
    const problems = [
      ...headerProblems(await get('/')).map((p) => `/: ${p}`),
      ...headerProblems(await get('/api/health')).map((p) => `/api/health: ${p}`),
    ];
    expectThat(problems.length === 0, problems.join('; '));
  });
  return results;
}

/** One line per check. */
export function formatResults(results: CheckResult[]): string[] {
  const lines = results.map((r) => (r.ok ? `✔ ${r.name}` : `✘ ${r.name}: ${r.problem}`));
  const failed = results.filter((r) => !r.ok).length;
  lines.push(failed === 0 ? `All ${results.length} checks passed.` : `${failed} of ${results.length} checks failed.`);
  return lines;
}

const USAGE = 'usage: npm run smoke -- --url <site URL> [--known-email <registered email>]';

export async function runSmokeCli(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { url: { type: 'string' }, 'known-email': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    print(`✘ ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help || !values.url || !/^https?:\/\//.test(values.url)) {
    print(USAGE);
    return values.help ? 0 : 2;
  }
  const results = await runSmoke({ url: values.url, knownEmail: values['known-email'] });
  for (const line of formatResults(results)) print(line);
  return results.every((r) => r.ok) ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runSmokeCli(process.argv.slice(2)).then((code) => process.exit(code));
}
