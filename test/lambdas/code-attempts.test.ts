import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as recoveryHandler } from '../../lambdas/account-recovery/index';
import { handler as updateHandler } from '../../lambdas/annual-update/index';
import { startCampaign } from '../../lambdas/annual-update/campaign-service';
import { CODE_ATTEMPTS_PER_CLIENT, CODE_ATTEMPTS_PER_CODE } from '../../lambdas/common/code-attempts';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { ROUTES, routeKey } from '../../lambdas/routes';
import { LettersResponseSchema } from '@shared/contracts/annual-update-letters-api';
import { shortCodeFrom } from '@shared/rules/short-code';
import { adminClaims, invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { apiEvent, uniqueIp } from './auth-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * Short codes are counted wherever a token is accepted (docs/annual-update.md, "Paper letters"; issue 34 item 6):
 * every route whose access is `token` counts a code-shaped token per client address and per code, in one shared
 * budget, and answers 429 with `Retry-After` past it, before the code is looked up, so a right code over the
 * budget files nothing.
 */
useDirectoryTable('code-attempts');
workerStack();

type Handler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;
const HANDLERS: Record<string, Handler> = {
  'annual-update': updateHandler,
  privacy: privacyHandler,
  'account-recovery': recoveryHandler,
};
const TOKEN_ROUTES = ROUTES.filter((route) => route.access === 'token');

const randomCode = () => shortCodeFrom((size) => randomBytes(size));
const call = (route: (typeof TOKEN_ROUTES)[number], token: string, sourceIp: string) => {
  const handler = HANDLERS[route.context];
  if (!handler) throw new Error(`no handler for the token route ${routeKey(route)}: add its context to HANDLERS`);
  return handler(apiEvent({ method: route.method, resource: route.path, body: JSON.stringify({ token }), sourceIp }));
};
const errorCode = (response: APIGatewayProxyResult) => (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;

let school: SmallSchool;
let campaignId: string;

beforeAll(async () => {
  school = await seedSmallSchool('code-attempts');
  ({ campaign: { id: campaignId } } = await startCampaign({ schoolYear: '2063-2064', deadline: '2063-10-01', confirmation: 'confirm' }, 'admin-1'));
});

describe('code-shaped tokens on every token route', () => {
  it('covers the staff form and the privacy request by link, not only the parent form', () => {
    expect(TOKEN_ROUTES.map(routeKey)).toEqual(
      expect.arrayContaining([
        'POST /api/update/load',
        'POST /api/update/submit',
        'POST /api/update/staff/load',
        'POST /api/update/staff/submit',
        'POST /api/update/privacy-request',
      ]),
    );
  });

  it('share one budget per client address: past it, every token route answers 429 with Retry-After', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < CODE_ATTEMPTS_PER_CLIENT.limit; i += 1) {
      const response = await call(TOKEN_ROUTES[i % TOKEN_ROUTES.length]!, randomCode(), ip);
      expect(response.statusCode).not.toBe(429);
    }
    for (const route of TOKEN_ROUTES) {
      const refused = await call(route, randomCode(), ip);
      expect([routeKey(route), refused.statusCode, errorCode(refused)]).toEqual([routeKey(route), 429, 'RATE_LIMITED']);
      const retryAfter = Number(refused.headers?.['Retry-After']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(CODE_ATTEMPTS_PER_CLIENT.windowSeconds);
    }
    // Another address is not affected, and a link token (256 bits) is never counted.
    expect((await call(TOKEN_ROUTES[0]!, randomCode(), uniqueIp())).statusCode).not.toBe(429);
    expect((await call(TOKEN_ROUTES[0]!, randomBytes(32).toString('base64url'), ip)).statusCode).not.toBe(429);
  });

  it('count each code from any address: the right code past its budget files no privacy request (429, not 201)', async () => {
    const printed = await invoke(updateHandler, {
      method: 'POST',
      resource: '/api/admin/annual-update/campaigns/{campaignId}/letters',
      pathParameters: { campaignId },
      claims: adminClaims(school.adminEmail),
    });
    const code = LettersResponseSchema.parse(printed.body).letters[0]!.code;
    const staffLoad = TOKEN_ROUTES.find((route) => routeKey(route) === 'POST /api/update/staff/load')!;
    for (let i = 0; i < CODE_ATTEMPTS_PER_CODE.limit; i += 1) {
      // A parent's code is not a staff link: each try is refused, and counted.
      expect(errorCode(await call(staffLoad, code.toLowerCase(), uniqueIp()))).toBe('TOKEN_INVALID');
    }

    const filing = await privacyHandler(
      apiEvent({
        method: 'POST',
        resource: '/api/update/privacy-request',
        body: JSON.stringify({ token: code, kind: 'access', details: 'Une copie de mon dossier.' }),
        sourceIp: uniqueIp(),
      }),
    );
    expect([filing.statusCode, errorCode(filing)]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(filing.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect((await scanAll()).filter((item) => item.pk === 'PRIVACY#REQUESTS')).toEqual([]);
  });
});
