import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';

/**
 * A real loopback HTTP server answering fixed JSON bodies by path (`/api/...`, query included), with the CORS
 * headers the app's API client needs; any other path is a 404 ROUTE_NOT_FOUND. `config` points the app at it.
 */
export interface LoopbackApi {
  config: RuntimeConfig;
  close: () => Promise<void>;
}

export async function startLoopbackApi(answers: Record<string, unknown>): Promise<LoopbackApi> {
  const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
    const answer = answers[req.url ?? ''];
    if (answer !== undefined) return void res.writeHead(200, headers).end(JSON.stringify(answer));
    res.writeHead(404, headers).end('{"error":{"code":"ROUTE_NOT_FOUND"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = { mode: 'local', region: 'ca-central-1', userPoolId: 'local_x', userPoolClientId: 'x', apiBaseUrl: `${url}/api`, contactEmail: 'c@ecole.example', build: 't' } as RuntimeConfig;
  return { config, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
