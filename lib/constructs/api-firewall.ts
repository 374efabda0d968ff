import type { Stage } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ROUTES, type RouteDef } from '../../lambdas/routes';
import { ORIGIN_VERIFY_HEADER } from '@shared/contracts/http-headers';
import { VIEWER_IP_HEADER } from './web-edge';

export interface ApiFirewallProps {
  stage: Stage;
  /** Requests per client per 5 minutes on validateEmailV2. */
  validateEmailRateLimit: number;
  /** The value CloudFront sends in ORIGIN_VERIFY_HEADER (lib/constructs/api.ts). */
  originSecret: string;
}

/**
 * Requests per viewer per 5 minutes on the update-link routes (a parent loads and submits a form a few times;
 * guessing links takes many) and on the whole API (a busy admin page makes a few calls a second at most), so one
 * client cannot use up the stage's shared 50 requests/s.
 */
export const UPDATE_LINK_RATE_LIMIT = 100;
export const API_RATE_LIMIT = 1500;

/** Behind CloudFront every client shares a few edge addresses, so the per-address backstop is looser. */
const EDGE_ADDRESS_FACTOR = 10;

/**
 * A regional AWS WAF web ACL on the API stage (a CloudFront-scope ACL would need a us-east-1 stack). Its rules:
 * - a request without CloudFront's origin secret is refused (403): nobody calls the execute-api endpoint
 *   directly, so the viewer address CloudFront writes in `x-viewer-ip` can be trusted by the rules below;
 * - per viewer: validateEmailV2 (the only anonymous lookup, so nobody tests the registry at scale), the
 *   update-link routes, and the whole API;
 * - per source address (CloudFront's edge servers), a looser backstop on validateEmailV2.
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

    const perViewer = (name: string, priority: number, limit: number, scope?: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: blockWith429,
      visibilityConfig: visibility(name),
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: 300,
          aggregateKeyType: 'CUSTOM_KEYS',
          customKeys: [{ header: { name: VIEWER_IP_HEADER, textTransformations: [{ priority: 0, type: 'NONE' }] } }],
          ...(scope ? { scopeDownStatement: scope } : {}),
        },
      },
    });
    const onUpdateLinks: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'CONTAINS',
        searchString: '/api/update/',
        textTransformations: [
          { priority: 0, type: 'URL_DECODE' },
          { priority: 1, type: 'LOWERCASE' },
        ],
      },
    };
    const fromCloudFront: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: ORIGIN_VERIFY_HEADER } },
        positionalConstraint: 'EXACTLY',
        searchString: props.originSecret,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };

    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: 'School directory API: CloudFront only, per-viewer rate limits',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('SchoolDirectoryApi'),
      customResponseBodies: {
        rateLimited: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ error: { code: 'RATE_LIMITED' } }) },
        forbidden: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ error: { code: 'FORBIDDEN' } }) },
      },
      rules: [
        {
          name: 'OnlyThroughCloudFront',
          priority: 0,
          action: { block: { customResponse: { responseCode: 403, customResponseBodyKey: 'forbidden' } } },
          visibilityConfig: visibility('OnlyThroughCloudFront'),
          statement: { notStatement: { statement: fromCloudFront } },
        },
        {
          name: 'ValidateEmailPerViewer',
          priority: 1,
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
          priority: 2,
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
        perViewer('UpdateLinksPerViewer', 3, UPDATE_LINK_RATE_LIMIT, onUpdateLinks),
        perViewer('ApiPerViewer', 4, API_RATE_LIMIT),
      ],
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stage.stageArn,
      webAclArn: acl.attrArn,
    });
  }
}
