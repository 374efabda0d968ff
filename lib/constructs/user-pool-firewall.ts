import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface UserPoolFirewallProps {
  userPool: IUserPool;
}

/**
 * Cognito API operations that create an account or send an email: to an address the caller types in, or (a new
 * verification code) to the address of the account whose session calls it, which for a squatter's unconfirmed
 * account is a parent's.
 */
export const RATE_LIMITED_COGNITO_OPERATIONS = [
  'SignUp',
  'ForgotPassword',
  'ResendConfirmationCode',
  'GetUserAttributeVerificationCode',
] as const;

/**
 * The `x-amz-target` value WAF compares, lowercased: the header's value is matched after a LOWERCASE text
 * transformation, so `awscognitoidentityproviderservice.signup` (which Cognito may accept) is counted too.
 */
export const targetMatch = (operation: string): string => `AWSCognitoIdentityProviderService.${operation}`.toLowerCase();
/** Requests of those operations per client address per 5 minutes (WAF's smallest limit is 10). */
export const SIGN_UP_RATE_LIMIT = 20;

/**
 * A regional AWS WAF web ACL on the user pool (Essentials plan or above). Direct SignUp calls reveal whether an
 * address is registered (the PreSignUp trigger accepts it or not) and can create an unconfirmed account in a
 * parent's name: this limits how many addresses one client can try. A school's families share few networks, so
 * the limit stays loose; the app's takeover of unconfirmed accounts (lambdas/account-recovery) undoes squatting.
 */
export class UserPoolFirewall extends Construct {
  constructor(scope: Construct, id: string, props: UserPoolFirewallProps) {
    super(scope, id);
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      metricName,
      cloudWatchMetricsEnabled: true,
      // Sampled requests would keep bodies' addresses and passwords: not kept.
      sampledRequestsEnabled: false,
    });
    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: 'School directory user pool: rate limit on sign-up and account emails',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('SchoolDirectoryUserPool'),
      rules: [
        {
          name: 'SignUpPerSourceAddress',
          priority: 0,
          action: { block: {} },
          visibilityConfig: visibility('SignUpPerSourceAddress'),
          statement: {
            rateBasedStatement: {
              limit: SIGN_UP_RATE_LIMIT,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                orStatement: {
                  statements: RATE_LIMITED_COGNITO_OPERATIONS.map((operation) => ({
                    byteMatchStatement: {
                      fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
                      positionalConstraint: 'EXACTLY',
                      searchString: targetMatch(operation),
                      textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                    },
                  })),
                },
              },
            },
          },
        },
      ],
    });
    new CfnWebACLAssociation(this, 'Association', { resourceArn: props.userPool.userPoolArn, webAclArn: acl.attrArn });
  }
}
