/**
 * Header carrying the viewer's IP to the API. Behind CloudFront, API Gateway's `sourceIp` is an edge server, so
 * a CloudFront Function on `/api/*` (lib/constructs/web-edge.ts) overwrites this header with the real viewer IP;
 * the local gateway does the same. Rate limits key on it.
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/**
 * The security headers every response of the site carries, in one place: CloudFront's response headers policy
 * (lib/constructs/web.ts) and the local gateway (local/gateway.ts) both send these, and `npm run smoke` checks them.
 * The Content-Security-Policy comes from contentSecurityPolicy() in lib/constructs/web-edge.ts.
 */
export const SECURITY_HEADERS = {
  /** Two years, subdomains included (HSTS preload lists ask for at least one). */
  hstsMaxAgeSeconds: 730 * 24 * 3600,
  /** Update links carry their token in the path (/update/{token}): no page ever sends it as a referrer. */
  referrerPolicy: 'no-referrer',
  frameOptions: 'DENY',
  contentTypeOptions: 'nosniff',
  permissionsPolicy: 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;

/** The headers as name -> value, for servers that set them themselves (the local gateway). */
export function securityHeaderValues(contentSecurityPolicy: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy,
    'Strict-Transport-Security': `max-age=${SECURITY_HEADERS.hstsMaxAgeSeconds}; includeSubDomains`,
    'Referrer-Policy': SECURITY_HEADERS.referrerPolicy,
    'X-Frame-Options': SECURITY_HEADERS.frameOptions,
    'X-Content-Type-Options': SECURITY_HEADERS.contentTypeOptions,
    'Permissions-Policy': SECURITY_HEADERS.permissionsPolicy,
  };
}

/**
 * Header CloudFront adds to every request it forwards to the API, holding a secret generated at deploy
 * (lib/constructs/api.ts); the local gateway adds its own per-start secret. The API's firewall and the handlers
 * (lambdas/common/http.ts) refuse a request without it, so nobody reaches the execute-api endpoint directly,
 * and only then is VIEWER_IP_HEADER trusted.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
