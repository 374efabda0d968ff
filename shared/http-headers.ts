/**
 * Header carrying the viewer's IP to the API. Behind CloudFront, API Gateway's `sourceIp` is an edge server, so
 * a CloudFront Function on `/api/*` (lib/constructs/web-edge.ts) overwrites this header with the real viewer IP;
 * the local gateway does the same. Rate limits key on it.
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';
