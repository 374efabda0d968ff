import http, { type IncomingHttpHeaders } from 'node:http';

/**
 * HTTP for the benchmarks, as a client's network stack sees it: the response's bytes as received (a gzip body is
 * not inflated: that is the client's CPU, not the server's time, and in these benchmarks the client shares the
 * server's process), over kept-alive connections.
 */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets });
}

export function rawRequest(
  url: string,
  options: { agent: http.Agent; method?: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent: options.agent, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}
