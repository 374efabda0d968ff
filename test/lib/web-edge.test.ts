import { describe, expect, it } from 'vitest';
import { SPA_REWRITE_CODE, VIEWER_IP_CODE, VIEWER_IP_HEADER } from '../../lib/constructs/web-edge';

interface EdgeRequest {
  uri: string;
  headers: Record<string, { value: string }>;
}
type EdgeHandler = (event: { request: EdgeRequest; viewer: { ip: string } }) => EdgeRequest;

/** Runs a CloudFront Function's source as CloudFront does: a top-level `handler(event)`. */
const load = (code: string): EdgeHandler => new Function(`${code}\nreturn handler;`)() as EdgeHandler;
const run = (code: string, uri: string, headers: EdgeRequest['headers'] = {}) =>
  load(code)({ request: { uri, headers }, viewer: { ip: '203.0.113.7' } });

describe('SPA rewrite (default behaviour)', () => {
  it.each(['/', '/classes', '/admin/annual-update', '/update/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg', '/fr/'])(
    'serves the app shell for the route %s',
    (uri) => {
      expect(run(SPA_REWRITE_CODE, uri).uri).toBe('/index.html');
    },
  );

  const files = ['/assets/index-abc123.js', '/config.json', '/favicon.ico', '/index.html'];
  it.each(files)('leaves the file %s alone', (uri) => {
    expect(run(SPA_REWRITE_CODE, uri).uri).toBe(uri);
  });
});

describe('viewer address (/api/* behaviour)', () => {
  it('writes the viewer IP, replacing any value the client sent', () => {
    const request = run(VIEWER_IP_CODE, '/api/validateEmailV2', { [VIEWER_IP_HEADER]: { value: '10.0.0.1' } });
    expect(request.headers[VIEWER_IP_HEADER]).toEqual({ value: '203.0.113.7' });
    expect(request.uri).toBe('/api/validateEmailV2');
  });
});
