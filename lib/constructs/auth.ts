import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  type CfnUserPoolClient,
  FeaturePlan,
  Mfa,
  UserPool,
  UserPoolEmail,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { APP_CLIENT_WRITE_ATTRIBUTES } from '@shared/contracts/auth-api';
import { ENV } from '../../lambdas/common/env';
import { ADMIN_GROUP } from '../../lambdas/routes';
import type { DeploySettings } from '../config';
import { PARTITIONS } from '../context-grants';
import { acknowledge } from '../nag';
import { AppFunction } from './lambda-function';
import type { Mail } from './mail';

export interface AuthProps {
  table: ITableV2;
  settings: DeploySettings;
  /** The SES sender; Cognito uses it once settings.cognitoEmailViaSes is true. */
  mail?: Mail;
}

/**
 * Cognito (docs/auth.md): email sign-in, self sign-up gated by the pre-sign-up trigger, bilingual verification
 * links from the custom-message trigger, the `admins` group, and the hourly purge of accounts left unverified.
 *
 * The triggers deliberately hold no permission on the pool: a trigger's role policy naming the pool's ARN makes
 * the pool depend on the function (LambdaConfig) and the function on the pool (policy), a circular dependency
 * CloudFormation rejects. Only the purge function, which is not a trigger, is granted pool actions.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  private readonly customMessage: AppFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { settings, mail, table } = props;

    const preSignUp = new AppFunction(this, 'PreSignUp', {
      entry: 'triggers/pre-sign-up.ts',
      description: 'Cognito PreSignUp: only emails of registered parents and staff may sign up',
      // Anyone can start a sign-up: the trigger may only query the registry's partitions.
      table: { table, access: { items: [{ partitions: [PARTITIONS.registry], actions: ['Query'] }], index: [] } },
      // Cognito waits 5 s for a trigger.
      timeout: Duration.seconds(5),
    });
    this.customMessage = new AppFunction(this, 'CustomMessage', {
      entry: 'triggers/custom-message.ts',
      description: 'Cognito CustomMessage: bilingual verification and reset emails with links',
      // Counts the verification emails per address and hour (its HMAC key: useRateLimitKey).
      table: { table, access: { items: [{ partitions: [PARTITIONS.rateLimit], actions: ['UpdateItem'] }], index: [] } },
      timeout: Duration.seconds(5),
    });

    const sesSender = settings.cognitoEmailViaSes && mail ? mail : undefined;
    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // A new email replaces the old one only once its code is confirmed (and the CustomMessage trigger sends no
      // such code), so a member cannot take another person's address with UpdateUserAttributes.
      keepOriginal: { email: true },
      // The product's rule (docs/product-rules.md, shared/rules/password.ts): 6+ characters with lower, upper and digit, no symbol.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Administrators must add an authenticator app (docs/auth.md): TOTP only, optional for everyone else.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Essentials is Cognito's default plan, free at a school's scale, and allows email MFA later.
      featurePlan: FeaturePlan.ESSENTIALS,
      email: sesSender
        ? UserPoolEmail.withSES({
            fromEmail: sesSender.senderEmail,
            fromName: 'Bottin scolaire - School directory',
            sesRegion: settings.region,
          })
        : UserPoolEmail.withCognito(),
      lambdaTriggers: { preSignUp, customMessage: this.customMessage },
      deletionProtection: true,
      // Accounts are people's: a stack deletion must not take them.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    if (sesSender) this.userPool.node.addDependency(sesSender.identity);

    this.client = this.userPool.addClient('WebClient', {
      // USER_PASSWORD_AUTH serves both AWS and cognito-local (which has no SRP); refresh is always allowed.
      authFlows: { userPassword: true, userSrp: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      // The app signs in with the API, never through the hosted UI: no OAuth grant, no callback URL.
      disableOAuth: true,
    });
    // Set on the L1 from the one shared list (shared/contracts/auth-api.ts) that the local emulator enforces too.
    (this.client.node.defaultChild as CfnUserPoolClient).writeAttributes = [...APP_CLIENT_WRITE_ATTRIBUTES];
    this.userPool.addGroup('Admins', {
      groupName: ADMIN_GROUP,
      description: 'Administrateurs du bottin / Directory administrators',
    });

    this.schedulePurge();
    this.acknowledgeFindings();
  }

  /** Links in verification emails point to the site. */
  usePublicBaseUrl(url: string): void {
    this.customMessage.addEnvironment(ENV.publicBaseUrl, url);
  }

  /** The rate-limit counters' HMAC key (lib/constructs/api.ts), for the custom-message trigger's cap. */
  useRateLimitKey(secret: ISecret): void {
    this.customMessage.addEnvironment(ENV.rateLimitSecretArn, secret.secretArn);
    this.customMessage.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
    );
  }

  private schedulePurge(): void {
    const purge = new AppFunction(this, 'PurgeUnverified', {
      entry: 'triggers/purge-unverified.ts',
      description: 'Deletes accounts left unverified for 24 hours, so nobody squats a parent email',
      environment: { [ENV.userPoolId]: this.userPool.userPoolId },
      timeout: Duration.minutes(2),
    });
    purge.addToRolePolicy(
      new PolicyStatement({
        actions: ['cognito-idp:ListUsers', 'cognito-idp:AdminDeleteUser'],
        resources: [this.userPool.userPoolArn],
      }),
    );
    new Rule(this, 'PurgeSchedule', {
      description: 'Hourly purge of unverified accounts',
      schedule: Schedule.rate(Duration.hours(1)),
      targets: [new LambdaFunction(purge, { retryAttempts: 2 })],
    });
  }

  private acknowledgeFindings(): void {
    acknowledge(
      this.userPool,
      'COG1',
      'The password rule is the product specification (6+ characters, lower, upper and digit, no symbol: ' +
        'parents sign up on phones). Self sign-up is limited to registered emails and unverified accounts are purged.',
    );
    acknowledge(
      this.userPool,
      'COG2',
      "Parents' and staff accounts for a school directory: required MFA would bar many parents. MFA is optional " +
        '(TOTP) for everyone, and administrators are the accounts it is meant for (docs/auth.md).',
    );
    acknowledge(
      this.userPool,
      'COG8',
      'Threat protection (Plus plan) is billed per active user, out of a parent committee budget; sign-up is ' +
        'already limited to registered emails and the sign-up check is rate limited.',
    );
  }
}
