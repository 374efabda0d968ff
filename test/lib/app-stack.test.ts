import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/common/env';
import { ADMIN_GROUP, CONTEXTS, ROUTES, type RouteDef } from '../../lambdas/routes';
import { API_RATE_LIMIT, UPDATE_LINK_RATE_LIMIT } from '../../lib/constructs/api-firewall';
import { APP_CLIENT_WRITE_ATTRIBUTES } from '@shared/contracts/auth-api';
import { SIGN_UP_RATE_LIMIT } from '../../lib/constructs/user-pool-firewall';
import { contentSecurityPolicy } from '../../lib/constructs/web-edge';
import { checkRuntimeConfig } from '@shared/contracts/runtime-config';
import { TABLE_INDEXES, TABLE_KEYS } from '@shared/schemas/table-schema';
import { apiResourcePaths, dependencyCycles, logicalIdAt, synthStack } from './stack-fixture';
import { AppFunction } from '../../lib/constructs/lambda-function';
import { LAMBDA_ENTRIES } from '../../local/bench/lambda-bundles';

// One synthesis for the whole file, with every optional feature switched on. The functions are not bundled here:
// test/lib/lambda-bundle-size.test.ts bundles every entry with the stack's own esbuild options (lib/constructs/
// lambda-bundling.ts), and the test below holds its list to the stack's functions (13 CPU s less than CDK's bundling
// of the same entries again, docs/testing.md "Ninth pass").
const fixture = synthStack({
  bundle: false,
  settings: {
    senderEmail: 'bottin@ecole.example.org',
    cognitoEmailViaSes: true,
    contactEmail: 'secretariat@ecole.example.org',
    firstAdminEmail: ' Direction@Ecole.Example.org ',
    validateEmailRateLimit: 60,
  },
});
const { template, stack } = fixture;
afterAll(() => fixture.cleanup());

/**
 * The stack's resource ceiling: CloudFormation refuses more than 500 per stack. 322 with a resource and a method
 * per route (November 2026, 93 routes); routing by context brought it to 261 with 102 routes and a ninth function
 * (docs/architecture.md, "API Gateway by context"); the ceiling leaves about 90 for what comes next.
 */
const CFN_RESOURCE_CEILING = 350;

// Managed CloudFront policy ids:
// https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/using-managed-cache-policies.html
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Props = Record<string, unknown>;
const onlyResource = (type: string): Props => {
  const found = Object.values(template.findResources(type));
  expect(found, type).toHaveLength(1);
  return found[0] as Props;
};
/** The API's web ACL (the user pool has one of its own). */
const apiWebAcl = (): Props => template.toJSON().Resources[logicalIdAt(fixture, 'Api/Firewall/WebAcl')] as Props;
const functionEnv = (constructPath: string): Record<string, unknown> => {
  const fn = template.toJSON().Resources[logicalIdAt(fixture, `${constructPath}/Resource`)];
  return fn.Properties.Environment.Variables;
};


describe("the stack's functions", () => {
  it('are each bundled by test/lib/lambda-bundle-size.test.ts, which this file leaves the bundling to', () => {
    const entries = stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction).map((f) => f.entry.replace(/\.ts$/, ''));
    expect(entries.length).toBeGreaterThan(8);
    expect([...new Set(entries)].sort()).toEqual([...LAMBDA_ENTRIES].sort());
  });
});
describe('stack', () => {
  it('lives in ca-central-1', () => {
    expect(stack.region).toBe('ca-central-1');
  });

  it('has no dependency cycle (triggers never reference the pool; the site URL reaches functions one way)', () => {
    expect(dependencyCycles(template)).toEqual([]);
  });

  it('passes cdk-nag AwsSolutions: every finding is fixed or acknowledged with a reason', () => {
    const report = new AwsSolutionsChecks().validateScope(fixture.app);
    const unacknowledged = report.violations.map(
      (v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(unacknowledged).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('leaves no CDK warning or error unanswered', () => {
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
  });
});

describe('data', () => {
  it('is one protected, on-demand global table with the shared keys, gsi1 and TTL', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          Match.objectLike({
            IndexName: TABLE_INDEXES.byPerson.name,
            KeySchema: [
              { AttributeName: TABLE_INDEXES.byPerson.partitionKey, KeyType: 'HASH' },
              { AttributeName: TABLE_INDEXES.byPerson.sortKey, KeyType: 'RANGE' },
            ],
          }),
        ],
        TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
        Replicas: [
          Match.objectLike({
            Region: 'ca-central-1',
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
  });
});

describe('auth', () => {
  it('wires the PreSignUp and CustomMessage triggers to their functions', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: { 'Fn::GetAtt': [logicalIdAt(fixture, 'Auth/PreSignUp/Resource'), 'Arn'] },
        CustomMessage: { 'Fn::GetAtt': [logicalIdAt(fixture, 'Auth/CustomMessage/Resource'), 'Arn'] },
      },
    });
  });

  it('offers TOTP as the optional second factor (administrators must enrol), never SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('signs in by email with the product password rule and email-only recovery, through SES when enabled', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: 6,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: false,
          }),
        },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        EmailConfiguration: Match.objectLike({
          EmailSendingAccount: 'DEVELOPER',
          From: Match.stringLikeRegexp('<bottin@ecole\\.example\\.org>$'),
        }),
      }),
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'bottin@ecole.example.org' });
  });

  it('has a secretless web client with password, SRP and refresh flows, and the admins group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP });
  });

  it('lets the web client write only the shared attribute list, with no OAuth grant or callback URL', () => {
    const clients = template.findResources('AWS::Cognito::UserPoolClient');
    expect(Object.keys(clients)).toHaveLength(1);
    const props = Object.values(clients)[0]!.Properties as Record<string, unknown>;
    expect(props.WriteAttributes).toEqual([...APP_CLIENT_WRITE_ATTRIBUTES]);
    expect(props.WriteAttributes).not.toContain('phone_number');
    for (const absent of ['AllowedOAuthFlows', 'AllowedOAuthScopes', 'CallbackURLs', 'LogoutURLs']) {
      expect(props, absent).not.toHaveProperty(absent);
    }
    expect(props.AllowedOAuthFlowsUserPoolClient).not.toBe(true);
  });

  it('keeps a member’s original email until a new one is verified', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  it('runs the retention purge daily through the privacy function (docs/privacy.md, "Retention")', () => {
    const privacy = logicalIdAt(fixture, 'Api/Privacy/Resource');
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 day)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [privacy, 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [privacy, 'Arn'] },
      Principal: 'events.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [logicalIdAt(fixture, 'Api/RetentionPurgeSchedule/Resource'), 'Arn'] },
    });
  });

  it('purges unverified accounts hourly with only ListUsers and AdminDeleteUser on the pool', () => {
    const purge = logicalIdAt(fixture, 'Auth/PurgeUnverified/Resource');
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [purge, 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: logicalIdAt(fixture, 'Auth/PurgeUnverified/ServiceRole/Resource') }],
      PolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: ['cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsers'],
            Resource: { 'Fn::GetAtt': [logicalIdAt(fixture, 'Auth/UserPool/Resource'), 'Arn'] },
          }),
        ],
      },
    });
  });

  it('gives the custom-message trigger the site URL for its links', () => {
    const domainName = { 'Fn::GetAtt': [logicalIdAt(fixture, 'Web/Distribution/Resource'), 'DomainName'] };
    const siteUrl = { 'Fn::Join': ['', ['https://', domainName]] };
    expect(functionEnv('Auth/CustomMessage')[ENV.publicBaseUrl]).toEqual(siteUrl);
  });
});

describe('api', () => {
  const methods = Object.values(template.findResources('AWS::ApiGateway::Method')).map((m) => m.Properties);
  const paths = apiResourcePaths(template);
  const authorizerId = logicalIdAt(fixture, 'Api/Authorizer/Resource');
  const resourcePaths = [...new Set(paths.values())];
  const segments = (p: string) => p.split('/').filter(Boolean);
  /** Whether a resource path (with `{param}` parts, no greedy one) names a request path. */
  const names = (resource: string, request: string) =>
    segments(resource).length === segments(request).length &&
    segments(resource).every((part, i) => part.startsWith('{') || part === segments(request)[i]);
  /** Fewer parameters first, then earlier literals: the resource API Gateway picks among those that match. */
  const literalFirst = (a: string, b: string) =>
    segments(a).map((p) => (p.startsWith('{') ? '1' : '0')).join('').localeCompare(segments(b).map((p) => (p.startsWith('{') ? '1' : '0')).join(''));
  /**
   * The method API Gateway runs for a request to this route (its path with a value in each parameter), resolved
   * through the synthesised template the way API Gateway does: a resource that names the path exactly, else the
   * longest greedy `{proxy+}` resource the path extends; then the route's method on it, or ANY.
   */
  const methodFor = (route: RouteDef) => {
    const request = route.path.replace(/\{[^}]+\}/g, '01HZX0000000000000000000AB');
    const exact = resourcePaths.filter((r) => !r.endsWith('{proxy+}') && names(r, request)).sort(literalFirst)[0];
    const greedy = resourcePaths
      .filter((r) => r.endsWith('/{proxy+}') && request.startsWith(r.slice(0, -'{proxy+}'.length)))
      .sort((a, b) => b.length - a.length)[0];
    const resource = exact ?? greedy;
    const on = methods.filter((m) => paths.get(m.ResourceId.Ref) === resource);
    return on.find((m) => m.HttpMethod === route.method) ?? on.find((m) => m.HttpMethod === 'ANY');
  };

  it('authorises with the user pool on the Authorization header (the ID token)', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      ProviderARNs: [{ 'Fn::GetAtt': [logicalIdAt(fixture, 'Auth/UserPool/Resource'), 'Arn'] }],
    });
  });

  it.each((ROUTES as readonly RouteDef[]).map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s exists with the authorisation its access level demands',
    (_key, route) => {
      const method = methodFor(route);
      expect(method, 'method missing from the template').toBeDefined();
      if (route.access === 'public' || route.access === 'token') {
        expect(method.AuthorizationType).toBe('NONE');
        expect(method.AuthorizerId).toBeUndefined();
      } else {
        expect(method.AuthorizationType).toBe('COGNITO_USER_POOLS');
        expect(method.AuthorizerId).toEqual({ Ref: authorizerId });
      }
      // Construct ids are the context in PascalCase (`annual-update` -> `AnnualUpdate`), as lib/constructs/api.ts names them.
      const id = route.context.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase());
      const fn = logicalIdAt(fixture, `Api/${id}/Resource`);
      expect(JSON.stringify(method.Integration.Uri)).toContain(`"${fn}"`);
    },
  );

  it('has no method that serves no route of ROUTES', () => {
    const used = new Set((ROUTES as readonly RouteDef[]).map(methodFor));
    expect(methods.filter((m) => !used.has(m))).toEqual([]);
  });

  it('routes by context: far fewer methods than routes, and room left in the stack for the next routes', () => {
    // A greedy resource per part of the path tree one context serves (lambdas/gateway-layout.ts).
    expect(methods.length).toBeLessThan(ROUTES.length * 0.6);
    // CloudFormation takes 500 resources per stack; the ceiling keeps room for the next features' functions,
    // alarms and routes (a route in a greedy part costs nothing, one elsewhere two).
    expect(Object.keys(template.toJSON().Resources as object).length).toBeLessThanOrEqual(CFN_RESOURCE_CEILING);
  });

  it('logs access, traces, throttles and validates on the stage', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'prod',
      TracingEnabled: true,
      AccessLogSetting: Match.objectLike({ DestinationArn: Match.anyValue(), Format: Match.anyValue() }),
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
          ThrottlingRateLimit: 50,
          ThrottlingBurstLimit: 100,
        }),
      ],
    });
    template.hasResourceProperties('AWS::ApiGateway::RequestValidator', { ValidateRequestParameters: true });
  });

  it('compresses responses over 1 KB (CloudFront does not: /api/* is uncached)', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { MinimumCompressionSize: 1024 });
  });

  it('treats every type as binary, so a function can answer with bytes it compressed itself', () => {
    // GET /api/directory sends its kept gzip body base64-encoded (lambdas/common/prepared-body.ts).
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
  });

  it('lets the directory context read the table and write nothing but its own snapshot', () => {
    const role = { Ref: logicalIdAt(fixture, 'Api/Directory/ServiceRole/Resource') };
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.Roles).includes(JSON.stringify(role)),
    );
    const actions = policies.flatMap((p) =>
      (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => s.Action),
    );
    expect(actions.length).toBeGreaterThan(0);
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('xray:'))).toEqual([]);
    // Its only writes: the stored directory snapshot (docs/data-model.md, pattern 51), in its own partition, and
    // the audit entry of a printable directory (pattern 53).
    const statements = policies.flatMap(
      (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Condition?: Record<string, Record<string, unknown>> }[],
    );
    const writing = statements.filter((s) => [s.Action].flat().some((a) => /Put|Update|Delete|BatchWrite/.test(a)));
    const byPartition = new Map(
      writing.map((s) => [JSON.stringify(s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']), [s.Action].flat().sort()]),
    );
    expect(Object.fromEntries(byPartition)).toEqual({
      '["AUDIT#*"]': ['dynamodb:PutItem'],
      '["DIRECTORY_SNAPSHOT"]': ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:Query'],
    });
    expect(functionEnv('Api/Directory')[ENV.userPoolId]).toBeUndefined();
  });

  it('gives the auth context its settings and exactly the Cognito admin calls it needs', () => {
    const env = functionEnv('Api/Auth');
    expect(env[ENV.firstAdminEmail]).toBe('direction@ecole.example.org');
    expect(env[ENV.exposeNamesToAnonymous]).toBe('false');
    expect(env[ENV.adminMfaRequired]).toBe('true');
    expect(env[ENV.userPoolId]).toEqual({ Ref: logicalIdAt(fixture, 'Auth/UserPool/Resource') });
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: logicalIdAt(fixture, 'Api/Auth/ServiceRole/Resource') }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Effect: 'Allow',
            // AdminGetUser: whether an administrator has an authenticator (docs/auth.md); a new one signs every session
            // out; the first administrator's old one is switched off (found by email).
            Action: [
              'cognito-idp:AdminAddUserToGroup',
              'cognito-idp:AdminGetUser',
              'cognito-idp:AdminListGroupsForUser',
              'cognito-idp:AdminSetUserMFAPreference',
              'cognito-idp:AdminUserGlobalSignOut',
              'cognito-idp:ListUsers',
            ],
            Resource: { 'Fn::GetAtt': [logicalIdAt(fixture, 'Auth/UserPool/Resource'), 'Arn'] },
          },
        ]),
      },
    });
  });

  it('lets the admin context remove the accounts of people it deletes, and nothing else in Cognito', () => {
    expect(functionEnv('Api/Admin')[ENV.userPoolId]).toEqual({ Ref: logicalIdAt(fixture, 'Auth/UserPool/Resource') });
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: logicalIdAt(fixture, 'Api/Admin/ServiceRole/Resource') }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Effect: 'Allow',
            // AdminSetUserMFAPreference: the handover's new administrator enrols a new authenticator (docs/auth.md).
            Action: [
              'cognito-idp:AdminDeleteUser',
              'cognito-idp:AdminGetUser',
              'cognito-idp:AdminSetUserMFAPreference',
              'cognito-idp:AdminUserGlobalSignOut',
              'cognito-idp:ListUsers',
            ],
            Resource: { 'Fn::GetAtt': [logicalIdAt(fixture, 'Auth/UserPool/Resource'), 'Arn'] },
          },
        ]),
      },
    });
  });

  it('lets the annual-update context send mail from the sender only, list users, and build links to the site', () => {
    const env = functionEnv('Api/AnnualUpdate');
    expect(env[ENV.senderEmail]).toBe('bottin@ecole.example.org');
    expect(env[ENV.sendRatePerSecond]).toBe('1');
    expect(env[ENV.updateLinkTtlDays]).toBe('30');
    expect(env[ENV.adminMfaRequired]).toBe('true');
    expect(env[ENV.publicBaseUrl]).toBeDefined();
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter(
      (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: logicalIdAt(fixture, 'Api/AnnualUpdate/ServiceRole/Resource') }]),
    );
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as Props[]);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: ['ses:SendEmail', 'ses:SendRawEmail'],
        Condition: { StringEquals: { 'ses:FromAddress': 'bottin@ecole.example.org' } },
      }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        // AdminUserGlobalSignOut: the admin guard signs out an account whose authenticator was removed.
        Action: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:ListUsers'],
        Resource: { 'Fn::GetAtt': [logicalIdAt(fixture, 'Auth/UserPool/Resource'), 'Arn'] },
      }),
    );
  });

  /** Every statement of a role's inline policies. */
  const statementsOf = (rolePath: string): Props[] =>
    Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: logicalIdAt(fixture, rolePath) }]))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Props[]);
  const actionsOf = (statement: Props): string[] => [statement.Action as string | string[]].flat();
  const tableStatements = (rolePath: string) =>
    statementsOf(rolePath).filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
  const tableArn = { 'Fn::GetAtt': [logicalIdAt(fixture, 'Data/Table/Resource'), 'Arn'] };
  const onlyPartitions = (patterns: string[]) => ({
    'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': patterns },
    Null: { 'dynamodb:LeadingKeys': 'false' },
  });

  it('restricts the public auth function to the partitions it uses: no unconditional table access', () => {
    const statements = tableStatements('Api/Auth/ServiceRole/Resource');
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.Condition, JSON.stringify(statement)).toEqual(onlyPartitions(expect.any(Array) as unknown as string[]));
    }
    // The public route's own writes: its rate-limit counters, and nothing else outside the admin roles and audit.
    expect(statements).toContainEqual({ Effect: 'Allow', Action: 'dynamodb:UpdateItem', Resource: tableArn, Condition: onlyPartitions(['RATE#*']) });
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: ['dynamodb:GetItem', 'dynamodb:Query'], Condition: onlyPartitions(['EMAIL#*', 'DIRECTORY', 'SCHOOL']) }),
    );
    // The caller's committee seats, by gsi1 only.
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: 'dynamodb:Query',
      Resource: { 'Fn::Join': ['', [tableArn, '/index/gsi1']] },
      Condition: onlyPartitions(['PARENT#*']),
    });
    // An administrator's authenticator record (docs/auth.md "Second factor"): the only partition it deletes in.
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem'],
        Condition: onlyPartitions(['ADMIN_MFA#*']),
      }),
    );
    const others = statements.filter((statement) => !JSON.stringify(statement.Condition).includes('ADMIN_MFA#*'));
    expect(others.flatMap(actionsOf).filter((a) => /Scan|DeleteItem|BatchWrite|\*/.test(a))).toEqual([]);
  });

  it.each([
    ['account-recovery', 'Api/AccountRecovery', ['EMAIL#*', 'RATE#*', 'RECOVERY#*']],
    ['directory', 'Api/Directory', ['DIRECTORY', 'SCHOOL', 'EMAIL#*']],
    // Paper letters' short codes are rate limited per client and per code (docs/annual-update.md, "Paper letters").
    // The update form asks the emails the parent accepts (docs/messages.md, "Consents"): MESSAGE_CONSENTS.
    ['annual-update', 'Api/AnnualUpdate', ['CAMPAIGN#*', 'TOKEN#*', 'DIRECTORY', 'EMAIL#*', 'SCHOOL', 'ADMIN_ROLES', 'RATE#*', 'MESSAGE_CONSENTS']],
    // Privacy requests: reads the update link's token and campaign for the link route, writes only its own requests.
    // The retention purge (docs/privacy.md, "Retention") deletes past-period consent logs, campaign traces
    // (participants, send jobs, update links), progression backup parts and closed requests; its settings and reports
    // live in RETENTION.
    ['privacy', 'Api/Privacy', ['PRIVACY#REQUESTS', 'TOKEN#*', 'CAMPAIGN#*', 'DIRECTORY', 'EMAIL#*', 'SCHOOL', 'ADMIN_ROLES', 'RATE#*', 'RETENTION', 'LOCK#retention-purge', 'CONSENT#*', 'SENDJOB#*', 'PROGRESSION#*', 'AUDIT#*']],
    // Messages (docs/messages.md): its log, deliveries, email choices and unsubscribe tokens; parents' consent logs.
    // Families near me: the opt-ins and the messages to neighbours, in CARPOOL.
    ['messages', 'Api/Messages', ['MESSAGES', 'MSGSEND#*', 'MESSAGE_CONSENTS', 'UNSUB#*', 'CARPOOL', 'CONSENT#*', 'DIRECTORY', 'EMAIL#*', 'SCHOOL']],
    ['the PreSignUp trigger', 'Auth/PreSignUp', ['EMAIL#*']],
    // Verification emails per address and hour (docs/auth.md, "Rate limits").
    ['the CustomMessage trigger', 'Auth/CustomMessage', ['RATE#*']],
  ])('restricts %s to its partitions', (_name, fnPath, expected) => {
    const statements = tableStatements(`${fnPath}/ServiceRole/Resource`);
    expect(statements.length).toBeGreaterThan(0);
    const patterns = statements.flatMap((statement) => {
      const condition = statement.Condition as ReturnType<typeof onlyPartitions> | undefined;
      expect(condition?.Null, JSON.stringify(statement)).toEqual({ 'dynamodb:LeadingKeys': 'false' });
      return condition!['ForAllValues:StringLike']['dynamodb:LeadingKeys'];
    });
    expect(patterns).toEqual(expect.arrayContaining(expected));
    // Never another context's secrets: recovery links, update links, progressions, rate counters (unless its own).
    for (const foreign of ['RECOVERY#*', 'TOKEN#*', 'PROGRESSION#*', 'RATE#*']) {
      if (!expected.includes(foreign)) expect(patterns).not.toContain(foreign);
    }
    expect(statements.flatMap(actionsOf).filter((a) => /Scan|\*/.test(a))).toEqual([]);
  });

  it('reads the rate-limit key from its own secret in the five functions that count callers, never from the environment', () => {
    const secret = { Ref: logicalIdAt(fixture, 'Api/RateLimitKey/Resource') };
    const readers = Object.entries(template.findResources('AWS::IAM::Policy'))
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes(JSON.stringify(secret)))
      .map(([, p]) => p.Properties.Roles as unknown);
    expect(readers).toEqual([
      // Verification emails per address and hour (docs/auth.md, "Rate limits").
      [{ Ref: logicalIdAt(fixture, 'Auth/CustomMessage/ServiceRole/Resource') }],
      [{ Ref: logicalIdAt(fixture, 'Api/Auth/ServiceRole/Resource') }],
      [{ Ref: logicalIdAt(fixture, 'Api/AccountRecovery/ServiceRole/Resource') }],
      // Short codes typed from a paper letter (docs/annual-update.md, "Paper letters").
      [{ Ref: logicalIdAt(fixture, 'Api/AnnualUpdate/ServiceRole/Resource') }],
      // Privacy requests: filing is rate limited (docs/privacy.md).
      [{ Ref: logicalIdAt(fixture, 'Api/Privacy/ServiceRole/Resource') }],
    ]);
    for (const fnPath of ['Api/Auth', 'Api/AccountRecovery', 'Api/AnnualUpdate', 'Api/Privacy', 'Auth/CustomMessage']) {
      expect(functionEnv(fnPath)[ENV.rateLimitSecretArn]).toEqual(secret);
      expect(statementsOf(`${fnPath}/ServiceRole/Resource`)).toContainEqual({ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: secret });
      expect(functionEnv(fnPath)[ENV.rateLimitKey]).toBeUndefined();
    }
    // Only the ARN travels: no function's environment resolves the secret's value (as ORIGIN_VERIFY_SECRET does).
    const variables = JSON.stringify(Object.values(template.findResources('AWS::Lambda::Function')).map((fn) => fn.Properties.Environment));
    expect(variables).toContain(JSON.stringify(['{{resolve:secretsmanager:', { Ref: logicalIdAt(fixture, 'Api/OriginSecret/Resource') }]).slice(1, -1));
    expect(variables).not.toContain(JSON.stringify(['{{resolve:secretsmanager:', secret]).slice(1, -1));
  });

  it('runs every function on Node.js 22, ARM64, with source maps and a log retention', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (fn) => fn.Properties.Environment?.Variables?.NODE_OPTIONS,
    );
    // One per context, plus the PreSignUp, CustomMessage and purge triggers, and the bounce function (SES sender set).
    expect(functions).toHaveLength(CONTEXTS.length + 4);
    const logGroups = template.findResources('AWS::Logs::LogGroup');
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      const logGroup = logGroups[fn.Properties.LoggingConfig.LogGroup.Ref];
      expect(logGroup?.Properties.RetentionInDays).toBe(90);
    }
  });

  it("keeps every log group 90 days and removes it with the stack, the site upload handler's included", () => {
    const logGroups = Object.entries(template.findResources('AWS::Logs::LogGroup'));
    expect(logGroups.length).toBeGreaterThan(CONTEXTS.length);
    for (const [id, group] of logGroups) {
      expect({ id, days: group.Properties.RetentionInDays, policy: group.DeletionPolicy }).toEqual({ id, days: 90, policy: 'Delete' });
    }
  });

  it('rate-limits validateEmailV2 per viewer and per source address with a regional WAF on the stage', () => {
    // Two web ACLs: this one on the API stage, the user pool's below.
    const acl = template.toJSON().Resources[logicalIdAt(fixture, 'Api/Firewall/WebAcl')].Properties as {
      Scope: string;
      Rules: Props[];
    };
    expect(acl.Scope).toBe('REGIONAL');
    const [, perViewer, perAddress] = acl.Rules as {
      Statement: { RateBasedStatement: Props & { ScopeDownStatement: Props } };
    }[];
    expect(perViewer!.Statement.RateBasedStatement).toMatchObject({
      Limit: 60,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [{ Header: { Name: 'x-viewer-ip' } }],
    });
    expect(perAddress!.Statement.RateBasedStatement).toMatchObject({ Limit: 600, AggregateKeyType: 'IP' });
    expect(perViewer!.Statement.RateBasedStatement.ScopeDownStatement).toMatchObject({
      ByteMatchStatement: { SearchString: '/api/validateemailv2', PositionalConstraint: 'CONTAINS' },
    });
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
    });
  });
  const secretRef = () => {
    const [id] = Object.keys(template.findResources('AWS::SecretsManager::Secret'));
    expect(id).toBeDefined();
    return Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: id }])]) });
  };

  it('takes API requests only through CloudFront: a generated secret in an origin header, checked first by WAF', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
    });
    const distribution = onlyResource('AWS::CloudFront::Distribution').Properties as {
      DistributionConfig: { Origins: { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] };
    };
    const apiOrigin = distribution.DistributionConfig.Origins.find((origin) => origin.CustomOriginConfig)!;
    expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: 'x-origin-verify', HeaderValue: expect.anything() }]);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([Match.objectLike({ OriginCustomHeaders: [{ HeaderName: 'x-origin-verify', HeaderValue: secretRef() }] })]),
      }),
    });
    const acl = apiWebAcl().Properties as { Rules: Props[] };
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'OnlyThroughCloudFront',
          Priority: 0,
          Action: { Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'forbidden' } } },
          Statement: {
            NotStatement: {
              Statement: {
                ByteMatchStatement: Match.objectLike({
                  FieldToMatch: { SingleHeader: { Name: 'x-origin-verify' } },
                  PositionalConstraint: 'EXACTLY',
                  SearchString: secretRef(),
                }),
              },
            },
          },
        }),
      ]),
    });
    expect(acl.Rules.map((rule) => rule.Name)).toEqual([
      'OnlyThroughCloudFront',
      'ValidateEmailPerViewer',
      'ValidateEmailPerSourceAddress',
      'UpdateLinksPerViewer',
      'ApiPerViewer',
    ]);
    // Every function compares the same secret (lambdas/common/http.ts).
    for (const context of CONTEXTS) {
      const name = context.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
      expect(functionEnv(`Api/${name}`)[ENV.originVerifySecret], context).toEqual(expect.objectContaining({ 'Fn::Join': expect.anything() }));
    }
  });

  it('limits each viewer on the update-link routes and on the whole API', () => {
    const rules = (apiWebAcl().Properties as { Rules: Props[] }).Rules as {
      Name: string;
      Action: Props;
      Statement: { RateBasedStatement: Props & { ScopeDownStatement?: Props } };
    }[];
    const rule = (name: string) => rules.find((r) => r.Name === name)!;
    expect(rule('UpdateLinksPerViewer').Statement.RateBasedStatement).toMatchObject({
      Limit: UPDATE_LINK_RATE_LIMIT,
      EvaluationWindowSec: 300,
      CustomKeys: [{ Header: { Name: 'x-viewer-ip' } }],
      ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/update/', PositionalConstraint: 'CONTAINS' } },
    });
    expect(rule('ApiPerViewer').Statement.RateBasedStatement).toMatchObject({
      Limit: API_RATE_LIMIT,
      CustomKeys: [{ Header: { Name: 'x-viewer-ip' } }],
    });
    expect(rule('ApiPerViewer').Statement.RateBasedStatement.ScopeDownStatement).toBeUndefined();
    for (const name of ['UpdateLinksPerViewer', 'ApiPerViewer']) {
      expect(rule(name).Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'rateLimited' } } });
    }
    // Well under the stage's shared 50 requests/s (1500 per 5 minutes is 5 per second).
    expect(API_RATE_LIMIT / 300).toBeLessThan(50 / 5);
  });
});

describe('user pool firewall', () => {
  it('rate-limits SignUp (and the other account emails) per source address with a regional WAF on the pool', () => {
    const acl = template.toJSON().Resources[logicalIdAt(fixture, 'UserPoolFirewall/WebAcl')].Properties as {
      Scope: string;
      Rules: { Action: Props; Statement: { RateBasedStatement: Props & { ScopeDownStatement: Props } } }[];
    };
    expect(acl.Scope).toBe('REGIONAL');
    expect(acl.Rules).toHaveLength(1);
    const rule = acl.Rules[0]!;
    expect(rule.Action).toEqual({ Block: {} });
    expect(rule.Statement.RateBasedStatement).toMatchObject({
      Limit: SIGN_UP_RATE_LIMIT,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
    });
    const targets = (
      rule.Statement.RateBasedStatement.ScopeDownStatement as {
        OrStatement: { Statements: { ByteMatchStatement: { FieldToMatch: Props; SearchString: string } }[] };
      }
    ).OrStatement.Statements.map((s) => s.ByteMatchStatement);
    // Every operation that creates an account or sends an email, the verification code on demand included, matched
    // whatever the case of the header's value.
    expect(targets.map((t) => t.SearchString).sort()).toEqual(
      [
        'awscognitoidentityproviderservice.forgotpassword',
        'awscognitoidentityproviderservice.getuserattributeverificationcode',
        'awscognitoidentityproviderservice.resendconfirmationcode',
        'awscognitoidentityproviderservice.signup',
      ],
    );
    for (const target of targets) {
      expect(target.FieldToMatch).toEqual({ SingleHeader: { Name: 'x-amz-target' } });
      expect((target as Props).TextTransformations).toEqual([{ Priority: 0, Type: 'LOWERCASE' }]);
      expect((target as Props).PositionalConstraint).toBe('EXACTLY');
    }
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [logicalIdAt(fixture, 'Auth/UserPool/Resource'), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [logicalIdAt(fixture, 'UserPoolFirewall/WebAcl'), 'Arn'] },
    });
  });
});

describe('web', () => {
  const distribution = (onlyResource('AWS::CloudFront::Distribution').Properties as { DistributionConfig: Props })
    .DistributionConfig as {
    DefaultCacheBehavior: Props;
    CacheBehaviors: Props[];
    Origins: Props[];
    CustomErrorResponses?: unknown;
  };
  const headersPolicy = { Ref: logicalIdAt(fixture, 'Web/SecurityHeaders/Resource') };

  it('reads a private, SSL-only, encrypted bucket through origin access control', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.anyValue(),
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const s3Origin = distribution.Origins.find((origin) => origin.S3OriginConfig);
    expect(s3Origin?.OriginAccessControlId).toEqual({
      'Fn::GetAtt': [logicalIdAt(fixture, 'Web/Distribution/Origin1/S3OriginAccessControl/Resource'), 'Id'],
    });
    const policy = JSON.stringify(onlyResource('AWS::S3::BucketPolicy'));
    expect(policy).toContain('aws:SecureTransport');
    expect(policy).toContain('cloudfront.amazonaws.com');
  });

  it('routes the SPA with a viewer-request function, not distribution-wide error pages', () => {
    expect(distribution.CustomErrorResponses).toBeUndefined();
    expect(distribution.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      ResponseHeadersPolicyId: headersPolicy,
      FunctionAssociations: [
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [logicalIdAt(fixture, 'Web/SpaRewrite/Resource'), 'FunctionARN'] },
        },
      ],
    });
  });

  it('sends /api/* to API Gateway uncached, with every method, query strings and headers but Host', () => {
    const api = distribution.CacheBehaviors.find((behaviour) => behaviour.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      ResponseHeadersPolicyId: headersPolicy,
    });
    const origin = distribution.Origins.find((candidate) => candidate.Id === api?.TargetOriginId);
    expect(origin).toMatchObject({ OriginPath: '/prod', CustomOriginConfig: { OriginProtocolPolicy: 'https-only' } });
  });

  it('sends the security headers: CSP for Cognito in the region, HSTS, nosniff, referrer and frame policies', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: contentSecurityPolicy('ca-central-1'), Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63_072_000, Override: true }),
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        },
      }),
    });
    expect(contentSecurityPolicy('ca-central-1')).toContain('https://cognito-idp.ca-central-1.amazonaws.com');
  });

  it('publishes /config.json in the runtime-config shape, with the pool ids filled in at deploy time', () => {
    const shell = template.toJSON().Resources[logicalIdAt(fixture, 'Web/DeployShell/CustomResource-512MiB/Default')];
    const configAsset = String(shell.Properties.SourceObjectKeys[1]).replace(/\.zip$/, '');
    const raw = readFileSync(path.join(fixture.app.outdir, `asset.${configAsset}`, 'config.json'), 'utf8');
    const markers = shell.Properties.SourceMarkers[1] as Record<string, { Ref: string }>;
    const filled = Object.entries(markers).reduce((text, [marker, ref]) => text.replace(marker, ref.Ref), raw);
    expect(checkRuntimeConfig(JSON.parse(filled))).toEqual({ success: true, data: {
      mode: 'aws',
      region: 'ca-central-1',
      userPoolId: logicalIdAt(fixture, 'Auth/UserPool/Resource'),
      userPoolClientId: logicalIdAt(fixture, 'Auth/UserPool/WebClient/Resource'),
      apiBaseUrl: '/api',
      contactEmail: 'secretariat@ecole.example.org',
    } });
  });

  it('publishes the build without its source maps (both uploads), and CSP forbids <base>', () => {
    const filesOf = (deployment: string, index: number): string[] => {
      const resource = template.toJSON().Resources[logicalIdAt(fixture, `Web/${deployment}/CustomResource-512MiB/Default`)];
      const asset = String(resource.Properties.SourceObjectKeys[index]).replace(/\.zip$/, '');
      return readdirSync(path.join(fixture.app.outdir, `asset.${asset}`), { recursive: true }).map(String);
    };
    const shipped = [...filesOf('DeployAssets', 0), ...filesOf('DeployShell', 0)];
    expect(shipped).toEqual(expect.arrayContaining(['index.html', path.join('assets', 'index-abc123.js')]));
    expect(shipped.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(contentSecurityPolicy('ca-central-1').split('; ')).toContain("base-uri 'none'");
  });

  it('outputs the site URL, pool and client ids, table name and API URL', () => {
    for (const output of ['SiteUrl', 'UserPoolId', 'UserPoolClientId', 'TableName', 'ApiUrl']) {
      template.hasOutput(output, { Value: Match.anyValue() });
    }
  });
});
