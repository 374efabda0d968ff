import { ENV } from '../../lambdas/common/env';
import { ORIGIN_VERIFY_HEADER } from '@shared/contracts/http-headers';

/**
 * The header the local gateway (like CloudFront in AWS) adds to every API request: events built in-process for
 * a handler carry it too, as if they came through the gateway (lambdas/common/http.ts refuses them otherwise).
 */
export function edgeHeaders(): Record<string, string> {
  const secret = process.env[ENV.originVerifySecret];
  return secret ? { [ORIGIN_VERIFY_HEADER]: secret } : {};
}
