import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../lib/constructs/web-edge';
import { formatResults, runSmoke, runSmokeCli } from '../../local/cli/smoke';
import { securityHeaderValues } from '@shared/contracts/http-headers';
import { useStack } from '../support/stack';

describe('npm run smoke against the local stack', () => {
  it('passes every check, a registered email included', async () => {
    const stack = useStack();
    const parent = stack.demoAccounts.find((a) => a.role === 'parent')!;
    const lines: string[] = [];
    const code = await runSmokeCli(['--url', stack.appUrl, '--known-email', parent.email], (line) => lines.push(line));
    expect(lines.filter((line) => line.startsWith('✘'))).toEqual([]);
    expect(code).toBe(0);
    expect(lines.filter((line) => line.startsWith('✔')).length).toBe(9);
    expect(lines.at(-1)).toBe('All 9 checks passed.');
  });
});

/** A tiny imitation of a deployment, good in every respect the smoke test checks unless told otherwise. */
interface Faults {
  dropHeader?: string;
  apiErrorsAsHtml?: boolean;
  cacheApi?: boolean;
}
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function fakeSite(faults: Faults): Promise<string> {
  const html = '<!doctype html><html><body><div id="root"></div></body></html>';
  const headers = securityHeaderValues(contentSecurityPolicy('ca-central-1'));
  if (faults.dropHeader) delete headers[faults.dropHeader];
  server = createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const url = req.url ?? '/';
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': faults.cacheApi ? 'max-age=60' : 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (url === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ mode: 'aws', region: 'ca-central-1', userPoolId: 'p', userPoolClientId: 'c', apiBaseUrl: '/api' }));
    }
    if (url === '/api/health') return json(200, { status: 'ok' });
    if (url === '/api/validateEmailV2') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (faults.apiErrorsAsHtml || !body.endsWith('}')) return errorOrHtml(400);
        json(200, { authorized: false, displayName: null, userType: null, message: 'EMAIL_NOT_AUTHORIZED' });
      });
      return;
    }
    if (url.startsWith('/api/')) return errorOrHtml(404);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(html);

    function errorOrHtml(status: number) {
      if (!faults.apiErrorsAsHtml) return json(status, { error: { code: 'ROUTE_NOT_FOUND' } });
      // What a distribution-wide SPA error page does to API errors.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const failures = async (faults: Faults) => {
  const results = await runSmoke({ url: await fakeSite(faults) });
  return formatResults(results).filter((line) => line.startsWith('✘'));
};

describe('the smoke test itself', () => {
  it('passes a site that does everything right', async () => {
    expect(await failures({})).toEqual([]);
  });

  it('names the missing header', async () => {
    expect(await failures({ dropHeader: 'Strict-Transport-Security' })).toEqual([
      '✘ security headers on the pages and the API: /: Strict-Transport-Security missing; /api/health: Strict-Transport-Security missing',
    ]);
    expect((await failures({ dropHeader: 'Referrer-Policy' }))[0]).toMatch(/Referrer-Policy is missing, not no-referrer/);
  });

  it('fails when an /api error comes back as the HTML page', async () => {
    const lines = await failures({ apiErrorsAsHtml: true });
    expect(lines).toContain(
      '✘ an /api error stays JSON (not the app page): GET /api/smoke-no-such-route answered HTTP 200',
    );
    expect(lines.some((line) => /validateEmailV2 .*answered text\/html, not JSON/.test(line))).toBe(true);
  });

  it('fails when API answers may be cached', async () => {
    expect((await failures({ cacheApi: true }))[0]).toBe(
      '✘ /api/health answers ok: /api/health: Cache-Control is max-age=60, not no-store',
    );
  });

  it('exits 1 with a line per failure, and 0 when all is well', async () => {
    const lines: string[] = [];
    expect(await runSmokeCli(['--url', await fakeSite({ dropHeader: 'Content-Security-Policy' })], (l) => lines.push(l))).toBe(1);
    expect(lines.at(-1)).toBe('1 of 8 checks failed.');
    expect(await runSmokeCli(['--url', 'not-a-url'], () => undefined)).toBe(2);
  });
});
