import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../lib/constructs/web-edge';
import { SECURITY_HEADERS, securityHeaderValues } from '@shared/contracts/http-headers';
import { synthStack } from './stack-fixture';

const fixture = synthStack({ bundle: false, cfnValidation: false });
afterAll(() => fixture.cleanup());

describe('security headers: one definition for CloudFront and the local gateway', () => {
  it("CloudFront's response headers policy sends the shared values", () => {
    fixture.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: SECURITY_HEADERS.hstsMaxAgeSeconds }),
          ReferrerPolicy: Match.objectLike({ ReferrerPolicy: SECURITY_HEADERS.referrerPolicy }),
          FrameOptions: Match.objectLike({ FrameOption: SECURITY_HEADERS.frameOptions }),
        }),
        CustomHeadersConfig: {
          Items: [Match.objectLike({ Header: 'Permissions-Policy', Value: SECURITY_HEADERS.permissionsPolicy })],
        },
      }),
    });
  });

  it('the local variant of the CSP differs only in the Cognito origin and the https upgrade', () => {
    const local = contentSecurityPolicy('ca-central-1', { cognitoOrigin: 'http://127.0.0.1:3002', upgradeInsecureRequests: false });
    expect(local).toBe(
      contentSecurityPolicy('ca-central-1')
        .replace('https://cognito-idp.ca-central-1.amazonaws.com', 'http://127.0.0.1:3002')
        .replace('; upgrade-insecure-requests', ''),
    );
    expect(securityHeaderValues(local)).toMatchObject({
      'Content-Security-Policy': local,
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'Referrer-Policy': 'no-referrer',
    });
  });

  it("lets the app's own service worker and manifests load, and nothing else's (docs/frontend.md)", () => {
    const directives = contentSecurityPolicy('ca-central-1').split('; ');
    expect(directives).toEqual(expect.arrayContaining(["worker-src 'self'", "manifest-src 'self'", "script-src 'self'"]));
  });
});
