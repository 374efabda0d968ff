import { Duration, RemovalPolicy, Size } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  AuthorizationType,
  CognitoUserPoolsAuthorizer,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RestApi,
  type MethodOptions,
  type RequestValidator,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ENV } from '../../lambdas/common/env';
import { gatewayLayout, type GatewayMethod } from '../../lambdas/gateway-layout';
import { CONTEXTS, type Context, type RouteDef } from '../../lambdas/routes';
import type { DeploySettings } from '../config';
import { CONTEXT_GRANTS, type ContextSetting } from '../context-grants';
import { acknowledge } from '../nag';
import { addErrorResponses } from './api-errors';
import { ApiFirewall } from './api-firewall';
import { AppFunction } from './lambda-function';
import type { Mail } from './mail';

/** Stage name, a literal so CloudFront can name the origin path without referencing the stage resource. */
export const API_STAGE_NAME = 'prod';

export interface ApiProps {
  table: ITableV2;
  userPool: IUserPool;
  settings: DeploySettings;
  mail?: Mail;
}

/**
 * The REST API (docs/architecture.md): one Lambda function per bounded context, its methods laid out from ROUTES by
 * lambdas/gateway-layout.ts (a greedy resource per part of the tree that one context serves with one kind of
 * authorisation). Every method sits behind the Cognito authoriser except those serving only `public` and `token`
 * routes, which are opened explicitly; handlers still enforce each route's access level (lambdas/common/http.ts).
 */
export class Api extends Construct {
  readonly restApi: RestApi;
  readonly functions: Record<Context, AppFunction>;
  /** The value CloudFront sends in ORIGIN_VERIFY_HEADER (lib/constructs/web.ts). */
  readonly originSecret: Secret;
  /** The key of the rate-limit counters' HMAC (lambdas/common/rate-limit-key.ts). */
  readonly rateLimitSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const authorizer = new CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      // The ID token: it carries email, email_verified and cognito:groups, which the handlers check.
      identitySource: 'method.request.header.Authorization',
    });
    this.restApi = new RestApi(this, 'RestApi', {
      description: 'School directory API (behind CloudFront at /api)',
      // Regional: CloudFront already sits in front; an edge-optimised API would add a second distribution.
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // gzip for clients that accept it (GET /api/directory is ~130 KB gzip instead of ~770 KB). CloudFront does
      // not compress here: the /api/* behaviour uses CachingDisabled, whose policy turns compression off.
      minCompressionSize: Size.kibibytes(1),
      // Any type is binary: a function may answer with bytes already gzip-compressed (base64, isBase64Encoded, with
      // Content-Encoding, which API Gateway then leaves alone): GET /api/directory keeps its compressed body per
      // version and viewer (lambdas/common/prepared-body.ts). Request bodies then reach the functions base64-encoded,
      // which lambdas/common/http.ts decodes; local/gateway.ts does the same.
      binaryMediaTypes: ['*/*'],
      // Execution logs need the account-level CloudWatch role API Gateway writes with.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      defaultMethodOptions: { authorizer, authorizationType: AuthorizationType.COGNITO },
      deployOptions: {
        stageName: API_STAGE_NAME,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        // No IP, no user agent, no path values: the resource template and the caller's opaque id only.
        accessLogFormat: AccessLogFormat.custom(
          JSON.stringify({
            requestId: AccessLogField.contextRequestId(),
            time: AccessLogField.contextRequestTimeEpoch(),
            method: AccessLogField.contextHttpMethod(),
            resource: AccessLogField.contextResourcePath(),
            status: AccessLogField.contextStatus(),
            latencyMs: AccessLogField.contextResponseLatency(),
            sub: AccessLogField.contextAuthorizerClaims('sub'),
            error: AccessLogField.contextErrorMessage(),
            waf: AccessLogField.contextWafResponseCode(),
          }),
        ),
        // Errors only, and never request or response bodies (dataTraceEnabled would log personal data).
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: true,
        // A whole school is a few hundred people; these bound the cost of a runaway client.
        throttlingRateLimit: 50,
        throttlingBurstLimit: 100,
      },
    });
    addErrorResponses(this.restApi);

    // CloudFront sends this secret in ORIGIN_VERIFY_HEADER; the firewall and the handlers refuse requests without
    // it, so the execute-api endpoint cannot be called directly (docs/decisions/api-edges-json-bodies-only-strict-objects-cloudfront.md, "API behind CloudFront only").
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'School directory: the header value CloudFront adds to API requests',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    acknowledge(
      this.originSecret,
      'SMG4',
      'Rotating it means updating the CloudFront origin, the firewall rule and the functions together: a ' +
        'redeploy with a new secret does that; it only proves a request came through CloudFront.',
    );
    // Keys the HMAC that names the rate-limit counters, so the table holds no reversible hash of an IP address or
    // an email. Read by the functions that count callers at cold start, never put in their environment.
    this.rateLimitSecret = new Secret(this, 'RateLimitKey', {
      description: 'School directory: the key of the rate-limit counters HMAC',
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
    });
    acknowledge(
      this.rateLimitSecret,
      'SMG4',
      'Rotating it only resets the rate-limit counters (windows of a minute to an hour); a redeploy that replaces ' +
        'the secret does that, and a rotation function would cost more than the risk it removes.',
    );
    this.functions = this.createFunctions(props);
    this.schedulePurge();
    this.scheduleReminders();
    // Parameters (the Authorization header of protected routes) are checked here. Bodies get no API Gateway
    // model on purpose: the handlers' zod schemas validate them and answer with the API's own error codes, the
    // same locally and in AWS; the body flag only takes effect for a method that is later given a model.
    const validator = this.restApi.addRequestValidator('RequestValidator', {
      validateRequestParameters: true,
      validateRequestBody: true,
    });
    // API Gateway by context (lambdas/gateway-layout.ts): a greedy resource where a part of the path tree belongs to
    // one context with one kind of authorisation, a method per route elsewhere.
    for (const method of gatewayLayout()) this.addMethod(method, validator);

    if (props.settings.wafEnabled) {
      new ApiFirewall(this, 'Firewall', {
        stage: this.restApi.deploymentStage,
        validateEmailRateLimit: props.settings.validateEmailRateLimit,
        originSecret: this.originSecret.secretValue.unsafeUnwrap(),
      });
    } else {
      acknowledge(
        this.restApi,
        'APIG3',
        'The deployment turned AWS WAF off (wafEnabled=false); validateEmailV2 keeps its own rate limit in the API.',
      );
    }
    acknowledge(
      this.restApi,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      'The account-level role API Gateway uses to write execution logs; this AWS managed policy is the documented one.',
    );
  }

  /** Emails' links point to the site; only functions that send mail get it. */
  usePublicBaseUrl(url: string): void {
    for (const context of CONTEXTS) {
      if (CONTEXT_GRANTS[context].sendsMail) this.functions[context].addEnvironment(ENV.publicBaseUrl, url);
    }
  }

  /**
   * The daily retention purge (docs/privacy.md, "Retention"; docs/operations.md, "Scheduled jobs"): a scheduled
   * event to the privacy function, which tells it from an API request. Monitoring watches it like every schedule.
   */
  private schedulePurge(): void {
    new Rule(this, 'RetentionPurgeSchedule', {
      description: 'Daily purge of data past its retention period',
      schedule: Schedule.rate(Duration.days(1)),
      targets: [new LambdaFunction(this.functions.privacy, { retryAttempts: 2 })],
    });
  }

  /**
   * Automatic campaign reminders (docs/annual-update.md, "Automatic reminders"): every 5 minutes in the school's
   * daytime (13:00-23:55 UTC: 8 or 9 a.m. to 6 or 7 p.m. in Montréal), a scheduled event to the annual-update
   * function. A run starts a reminder that is due, or goes on with the one it started (bounded by the timeout).
   */
  private scheduleReminders(): void {
    new Rule(this, 'CampaignReminderSchedule', {
      description: 'Automatic reminders of the annual update campaign',
      schedule: Schedule.cron({ minute: '0/5', hour: '13-23' }),
      targets: [new LambdaFunction(this.functions['annual-update'], { retryAttempts: 0 })],
    });
  }

  private createFunctions(props: ApiProps): Record<Context, AppFunction> {
    const { settings, table, userPool, mail } = props;
    const settingEnv: Record<ContextSetting, [string, string | undefined]> = {
      firstAdminEmail: [ENV.firstAdminEmail, settings.firstAdminEmail],
      exposeNamesToAnonymous: [ENV.exposeNamesToAnonymous, String(settings.exposeNamesToAnonymous)],
      updateLinkTtlDays: [ENV.updateLinkTtlDays, String(settings.updateLinkTtlDays)],
      adminMfaRequired: [ENV.adminMfaRequired, String(settings.adminMfaRequired)],
    };
    const entries = CONTEXTS.map((context): [Context, AppFunction] => {
      const grants = CONTEXT_GRANTS[context];
      const environment: Record<string, string> = {};
      for (const setting of grants.settings) {
        const [name, value] = settingEnv[setting];
        if (value !== undefined) environment[name] = value;
      }
      if (grants.cognito.length > 0) environment[ENV.userPoolId] = userPool.userPoolId;
      if (grants.sendsMail && mail) {
        environment[ENV.senderEmail] = mail.senderEmail;
        environment[ENV.sendRatePerSecond] = String(settings.sendRatePerSecond);
        environment[ENV.sesConfigurationSet] = mail.configurationSet.configurationSetName;
      }
      // Resolved by CloudFormation at deploy (a dynamic reference, not in the template); the handlers compare it.
      environment[ENV.originVerifySecret] = this.originSecret.secretValue.unsafeUnwrap();
      const fn = new AppFunction(this, pascal(context), {
        entry: `${context}/index.ts`,
        description: `School directory API: ${context} routes`,
        environment,
        ...(grants.bulkWork ? { timeout: Duration.seconds(29) } : {}),
        ...(grants.table === 'none' ? {} : { table: { table, access: grants.table } }),
      });
      if (grants.cognito.length > 0) {
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: grants.cognito.map((action) => `cognito-idp:${action}`),
            resources: [userPool.userPoolArn],
          }),
        );
      }
      if (grants.rateLimits) {
        fn.addEnvironment(ENV.rateLimitSecretArn, this.rateLimitSecret.secretArn);
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.rateLimitSecret.secretArn] }),
        );
      }
      if (grants.sendsMail && mail) mail.grantSend(fn);
      return [context, fn];
    });
    return Object.fromEntries(entries) as Record<Context, AppFunction>;
  }

  /**
   * One method of the layout. Open methods (every route they serve is `public` or `token`) take no authoriser;
   * every other one sits behind the Cognito authoriser and needs the Authorization header. A greedy resource is
   * only ever built over routes of one kind, so each route keeps exactly the authorisation it had with a method of
   * its own (test/lib/app-stack.test.ts resolves every route through the template to prove it).
   */
  private addMethod(entry: GatewayMethod, requestValidator: RequestValidator): void {
    const resource = this.restApi.root.resourceForPath(entry.resource);
    const operationName = entry.routes.length === 1 ? entry.routes[0]!.name : `${entry.context}Routes`;
    const options: MethodOptions = entry.open
      ? { authorizationType: AuthorizationType.NONE, requestValidator, operationName }
      : { requestValidator, operationName, requestParameters: { 'method.request.header.Authorization': true } };
    // One invoke permission per function for the whole API, not one per method: a function's resource policy
    // is capped at 20 KB, which a context with many routes would reach.
    const integration = new LambdaIntegration(this.functions[entry.context], { scopePermissionToMethod: false });
    const method = resource.addMethod(entry.method, integration, options);
    if (entry.open) {
      const why = entry.routes.map(openRouteReason).join(' ');
      acknowledge(method, 'APIG4', why);
      acknowledge(method, 'COG4', why);
    }
  }
}

/** Why a route has no authoriser, for cdk-nag's record. */
function openRouteReason(route: RouteDef): string {
  return route.access === 'public'
    ? `${route.name} is public by design (docs/product-rules.md, Accounts): it is called before any account exists or ` +
        'without one; it is rate limited.'
    : `${route.name} is reached from an emailed update link without an account; the single-use token in the POST ` +
        'body is the credential, checked by the handler.';
}

const pascal = (name: string): string =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
