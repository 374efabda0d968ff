import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/common/env';
import { clientIp } from '../../lambdas/common/http';
import { handler as systemHandler } from '../../lambdas/system/index';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '@shared/contracts/http-headers';
import { apiEvent } from '../lambdas/auth-support';
import { useStack } from '../support/stack';

/**
 * Requests reach the handlers only through CloudFront (the local gateway here), which adds the origin secret:
 * calling the API endpoint directly is refused, and a client's own `x-viewer-ip` (the key of per-client rate
 * limits) counts only on a request that carries the secret.
 */
let secret: string;
beforeAll(() => {
  Object.assign(process.env, useStack().lambdaEnv);
  secret = process.env[ENV.originVerifySecret]!;
});
afterEach(() => {
  process.env[ENV.originVerifySecret] = secret;
});

const health = (headers: Record<string, string>) => ({
  ...apiEvent({ method: 'GET', resource: '/api/health', sourceIp: '198.51.100.9' }),
  headers,
});

describe('the origin secret', () => {
  it('is set for the local stack, as CloudFront sets it in AWS', () => {
    expect(secret).toMatch(/^[\w-]{32,}$/);
  });

  it('lets a request through the edge in, and refuses one without it or with a wrong one (403)', async () => {
    expect((await systemHandler(health({ [ORIGIN_VERIFY_HEADER]: secret }))).statusCode).toBe(200);
    const wrong: Record<string, string>[] = [{}, { [ORIGIN_VERIFY_HEADER]: `${secret}x` }, { [ORIGIN_VERIFY_HEADER]: '' }, { 'X-Origin-Verify': 'guess' }];
    for (const headers of wrong) {
      const refused = await systemHandler(health(headers));
      expect(refused.statusCode).toBe(403);
      expect(JSON.parse(refused.body)).toEqual({ error: { code: 'FORBIDDEN' } });
    }
  });

  it('makes x-viewer-ip count only with the secret: otherwise the connection address is the client', () => {
    const rotating = { [VIEWER_IP_HEADER]: '203.0.113.77' };
    expect(clientIp(health({ ...rotating, [ORIGIN_VERIFY_HEADER]: secret }))).toBe('203.0.113.77');
    expect(clientIp(health({ ...rotating, [ORIGIN_VERIFY_HEADER]: 'forged' }))).toBe('198.51.100.9');
    expect(clientIp(health(rotating))).toBe('198.51.100.9');
    // A deployment without a secret trusts no viewer header at all.
    delete process.env[ENV.originVerifySecret];
    expect(clientIp(health({ ...rotating, [ORIGIN_VERIFY_HEADER]: secret }))).toBe('198.51.100.9');
  });

  it('cannot be supplied by a client of the local gateway: it replaces whatever the client sent', async () => {
    const { appUrl } = useStack();
    const answer = await fetch(`${appUrl}/api/health`, { headers: { [ORIGIN_VERIFY_HEADER]: 'forged' } });
    expect(answer.status).toBe(200);
  });
});
