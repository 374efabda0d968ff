import { request, type IncomingHttpHeaders } from 'node:http';

/** A GET with exactly these headers and the body's bytes as sent (fetch asks for gzip and inflates it silently). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
