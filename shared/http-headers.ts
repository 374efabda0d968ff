/**
 * Header carrying the viewer's IP to the API. Behind CloudFront, API Gateway's `sourceIp` is an edge server, so
 * a CloudFront Function on `/api/*` (lib/constructs/web-edge.ts) overwrites this header with the real viewer IP;
 * the local gateway does the same. Rate limits key on it.
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/**
 * Header CloudFront adds to every request it forwards to the API, holding a secret generated at deploy
 * (lib/constructs/api.ts); the local gateway adds its own per-start secret. The API's firewall and the handlers
 * (lambdas/common/http.ts) refuse a request without it, so nobody reaches the execute-api endpoint directly,
 * and only then is VIEWER_IP_HEADER trusted.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
