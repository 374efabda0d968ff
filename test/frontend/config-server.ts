import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real loopback HTTP server standing in for the gateway's static side: serves whatever `/config.json` body the
 * test sets, and `/api/health`. The app fetches it over the network exactly as in a browser.
 */
export interface ConfigServer {
  url: string;
  /** Body of the next `/config.json` responses; `status` defaults to 200. */
  serve: (body: string, status?: number, contentType?: string) => void;
  close: () => Promise<void>;
}

export async function startConfigServer(): Promise<ConfigServer> {
  let current = { body: '', status: 404, contentType: 'application/json' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/config.json') {
      res.writeHead(current.status, { 'content-type': current.contentType, 'access-control-allow-origin': '*' });
      res.end(current.body);
    } else if (req.url === '/api/health') {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end('{"status":"ok"}');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    serve: (body, status = 200, contentType = 'application/json') => {
      current = { body, status, contentType };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function validConfig(baseUrl: string): string {
  return JSON.stringify({
    mode: 'local',
    region: 'ca-central-1',
    userPoolId: 'local_testpool',
    userPoolClientId: 'testclient',
    apiBaseUrl: `${baseUrl}/api`,
    contactEmail: 'comite@ecole.example',
    build: 'test-build',
  });
}
