import type { Stage } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ROUTES, type RouteDef } from '../../lambdas/routes';
import { VIEWER_IP_HEADER } from './web-edge';

export interface ApiFirewallProps {
  stage: Stage;
  /** Requests per client per 5 minutes on validateEmailV2. */
  validateEmailRateLimit: number;
}

/** Behind CloudFront every client shares a few edge addresses, so the per-address backstop is looser. */
const EDGE_ADDRESS_FACTOR = 10;

/**
 * A regional AWS WAF web ACL on the API stage (a CloudFront-scope ACL would need a us-east-1 stack). Its rules
 * rate-limit validateEmailV2, the only anonymous lookup, so nobody can test the registry at scale:
 * - per client, keyed on the viewer address CloudFront writes in `x-viewer-ip`;
 * - per source address, a backstop for requests sent straight to the execute-api endpoint.
 * Blocked requests get 429 and the API's error body (see also api-errors.ts).
 */
export class ApiFirewall extends Construct {
  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);
    const validateEmail = (ROUTES as readonly RouteDef[]).find((route) => route.name === 'validateEmail');
    if (!validateEmail) throw new Error('lambdas/routes.ts has no validateEmail route to rate-limit');

    const onValidateEmail: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        // The stage prefixes the path (/prod/api/...); case and encoding tricks must not slip past the match.
        positionalConstraint: 'CONTAINS',
        searchString: validateEmail.path.toLowerCase(),
        textTransformations: [
          { priority: 0, type: 'URL_DECODE' },
          { priority: 1, type: 'LOWERCASE' },
        ],
      },
    };
    const blockWith429: CfnWebACL.RuleActionProperty = {
      block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rateLimited' } },
    };
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      metricName,
      cloudWatchMetricsEnabled: true,
      // Sampled requests keep full headers, ID tokens (with emails) included: not kept.
      sampledRequestsEnabled: false,
    });

    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: 'School directory API: rate limits on the anonymous email check',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('SchoolDirectoryApi'),
      customResponseBodies: {
        rateLimited: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ error: { code: 'RATE_LIMITED' } }) },
      },
      rules: [
        {
          name: 'ValidateEmailPerViewer',
          priority: 0,
          action: blockWith429,
          visibilityConfig: visibility('ValidateEmailPerViewer'),
          statement: {
            rateBasedStatement: {
              limit: props.validateEmailRateLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'CUSTOM_KEYS',
              customKeys: [
                { header: { name: VIEWER_IP_HEADER, textTransformations: [{ priority: 0, type: 'NONE' }] } },
              ],
              scopeDownStatement: onValidateEmail,
            },
          },
        },
        {
          name: 'ValidateEmailPerSourceAddress',
          priority: 1,
          action: blockWith429,
          visibilityConfig: visibility('ValidateEmailPerSourceAddress'),
          statement: {
            rateBasedStatement: {
              limit: props.validateEmailRateLimit * EDGE_ADDRESS_FACTOR,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: onValidateEmail,
            },
          },
        },
      ],
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stage.stageArn,
      webAclArn: acl.attrArn,
    });
  }
}
