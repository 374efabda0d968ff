import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { ErrorCode } from '@shared/contracts/error-codes';

/**
 * Errors API Gateway answers by itself (authoriser, throttling, firewall, unknown route) get the API's own
 * `{ "error": { "code" } }` body, so the frontend maps every failure the same way, local or in AWS.
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/supported-gateway-response-types.html
 */
const GATEWAY_ERRORS: { id: string; type: ResponseType; code: ErrorCode; status?: string }[] = [
  { id: 'Unauthorized', type: ResponseType.UNAUTHORIZED, code: 'UNAUTHENTICATED' },
  { id: 'ExpiredToken', type: ResponseType.EXPIRED_TOKEN, code: 'UNAUTHENTICATED', status: '401' },
  { id: 'AccessDenied', type: ResponseType.ACCESS_DENIED, code: 'FORBIDDEN' },
  // API Gateway answers an unknown path or method with 403 "Missing Authentication Token".
  { id: 'UnknownRoute', type: ResponseType.MISSING_AUTHENTICATION_TOKEN, code: 'ROUTE_NOT_FOUND', status: '404' },
  { id: 'Throttled', type: ResponseType.THROTTLED, code: 'RATE_LIMITED' },
  // The firewall's only blocking rules are rate limits.
  { id: 'WafFiltered', type: ResponseType.WAF_FILTERED, code: 'RATE_LIMITED', status: '429' },
  { id: 'TooLarge', type: ResponseType.REQUEST_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' },
  { id: 'BadParameters', type: ResponseType.BAD_REQUEST_PARAMETERS, code: 'BAD_REQUEST' },
  { id: 'Default4xx', type: ResponseType.DEFAULT_4XX, code: 'BAD_REQUEST' },
  { id: 'Default5xx', type: ResponseType.DEFAULT_5XX, code: 'SERVICE_UNAVAILABLE' },
];

export function addErrorResponses(api: RestApi): void {
  for (const error of GATEWAY_ERRORS) {
    api.addGatewayResponse(error.id, {
      type: error.type,
      ...(error.status ? { statusCode: error.status } : {}),
      responseHeaders: { 'Cache-Control': "'no-store'" },
      templates: { 'application/json': JSON.stringify({ error: { code: error.code } }) },
    });
  }
}
