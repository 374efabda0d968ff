/**
 * What runs at the CloudFront edge, kept as plain data so tests can execute the functions and read the policy.
 * CloudFront Functions, JavaScript runtime 2.0:
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-javascript-runtime-20.html
 */

import { VIEWER_IP_HEADER } from '@shared/contracts/http-headers';

export { VIEWER_IP_HEADER };

/** App routes (`/classes`, `/update/{token}`) have no file extension: serve the SPA shell for them. */
export const SPA_REWRITE_CODE = `
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;

export const VIEWER_IP_CODE = `
function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}
`;

/** Where the browser reaches Cognito, and whether to upgrade http requests (both differ only on the local stack). */
export interface CspOptions {
  /** cognito-local's origin on the local stack; default: Cognito's regional endpoint. */
  cognitoOrigin?: string;
  /** Off on the local stack, served over plain http on 127.0.0.1. */
  upgradeInsecureRequests?: boolean;
}

/**
 * Content-Security-Policy for the React + Cloudscape SPA: code and data from this origin only, plus Cognito's
 * regional endpoint that Amplify calls from the browser. Cloudscape sets inline `style` attributes, hence
 * 'unsafe-inline' for styles (never for scripts); data: covers small images and fonts Vite inlines.
 */
export function contentSecurityPolicy(region: string, options: CspOptions = {}): string {
  const cognito = options.cognitoOrigin ?? `https://cognito-idp.${region}.amazonaws.com`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${cognito}`,
    // The service worker (/sw.js) and the web app manifests are this origin's files (docs/frontend.md).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.upgradeInsecureRequests === false ? [] : ['upgrade-insecure-requests']),
  ].join('; ');
}
