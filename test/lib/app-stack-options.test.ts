import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/common/env';
import { dependencyCycles, logicalIdAt, synthStack } from './stack-fixture';

// The other side of every switch: custom domain, no WAF, no SES sender. Bundling is skipped: the main stack
// test already builds every function, and this file is about configuration only.
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0f4c8a2e-1d3b-4c5a-9e7f-123456789abc';
const fixture = synthStack({
  bundle: false,
  settings: { siteDomain: 'Bottin.Ecole.example.org', certificateArn: CERTIFICATE, wafEnabled: false },
});
const { template } = fixture;
afterAll(() => fixture.cleanup());

describe('stack with a custom domain, without WAF and without an SES sender', () => {
  it('still passes cdk-nag and leaves no CDK warning', () => {
    const report = new AwsSolutionsChecks().validateScope(fixture.app);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources[0]?.constructPath}`)).toEqual([]);
    expect(Annotations.fromStack(fixture.stack).findWarning('*', Match.anyValue())).toEqual([]);
    expect(dependencyCycles(template)).toEqual([]);
  });

  it('serves the domain with its certificate and TLS 1.2 at least', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['bottin.ecole.example.org'],
        ViewerCertificate: {
          AcmCertificateArn: CERTIFICATE,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
  });

  it('links emails to the configured domain rather than the distribution', () => {
    const fn = template.toJSON().Resources[logicalIdAt(fixture, 'Auth/CustomMessage/Resource')];
    expect(fn.Properties.Environment.Variables[ENV.publicBaseUrl]).toBe('https://bottin.ecole.example.org');
    template.hasOutput('SiteUrl', { Value: 'https://bottin.ecole.example.org' });
  });

  it('has no web ACL when wafEnabled is false', () => {
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 0);
  });

  it("keeps Cognito's own mailer and creates no SES identity without a sender", () => {
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
    const fn = template.toJSON().Resources[logicalIdAt(fixture, 'Api/Auth/Resource')];
    expect(fn.Properties.Environment.Variables[ENV.firstAdminEmail]).toBeUndefined();
  });
});
