import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ENV } from '../../lambdas/common/env';
import { TABLE_INDEXES } from '@shared/schemas/table-schema';
import type { ScopedTableAccess, TableAccess } from '../context-grants';
import { acknowledge, acknowledgeWildcardResource } from '../nag';
import { LAMBDA_BUNDLING } from './lambda-bundling';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Absolute path of a handler file under lambdas/. */
export const lambdaEntry = (relative: string): string => path.join(REPO_ROOT, 'lambdas', relative);

export interface AppFunctionProps {
  /** Handler file, relative to lambdas/ (e.g. `auth/index.ts`); it exports `handler`. */
  entry: string;
  description: string;
  /** The one table, with the access this function needs (lib/context-grants.ts); sets TABLE_NAME and the IAM grant together. */
  table?: { table: ITableV2; access: Exclude<TableAccess, 'none'> };
  environment?: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
}

/**
 * The project's Lambda defaults in one place (Powertools' "function with log group" pattern): Node.js 22 on
 * ARM64, a log group with a retention, source maps, local esbuild bundling, and the table wired in one call.
 */
export class AppFunction extends NodejsFunction {
  /** The entry under lambdas/ (`auth/index.ts`): test/lib/app-stack.test.ts checks every one is bundled in the tests. */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const { table } = props;
    super(scope, id, {
      entry: lambdaEntry(props.entry),
      handler: 'handler',
      description: props.description,
      // Node 22: the line the project supports (package.json engines; docs/decisions/operations-fresh-clone-synth-deploy-script-alarms-smoke.md, "Node 22 is the one supported line").
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup: new LogGroup(scope, `${id}Logs`, {
        retention: RetentionDays.THREE_MONTHS,
        // Logs carry ids and counts only (no personal data) and expire anyway: no reason to outlive the stack.
        removalPolicy: RemovalPolicy.DESTROY,
      }),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: `school-directory-${id.toLowerCase()}`,
        LOG_LEVEL: 'INFO',
        [ENV.stage]: 'aws',
        ...(table ? { [ENV.tableName]: table.table.tableName } : {}),
        ...props.environment,
      },
      bundling: {
        // esbuild from node_modules, never Docker (works offline and in CI without a daemon).
        forceDockerBundling: false,
        format: OutputFormat.CJS,
        target: LAMBDA_BUNDLING.target,
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: true,
        sourcesContent: false,
        // The runtime's AWS SDK v3, not a bundled copy: lib/constructs/lambda-bundling.ts says why.
        externalModules: [...LAMBDA_BUNDLING.externalModules],
      },
    });
    this.entry = props.entry;
    acknowledge(
      this,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'The AWS managed basic execution role only lets the function write its own logs.',
    );
    acknowledge(
      this,
      'L1',
      'Node.js 22 is the Node line the project supports (docs/decisions/operations-fresh-clone-synth-deploy-script-alarms-smoke.md) ' +
        '(package.json engines); moving to a newer runtime is a deliberate upgrade with its own test run.',
    );
    if (table) {
      if (table.access === 'read') table.table.grantReadData(this);
      else if (table.access === 'readWrite') table.table.grantReadWriteData(this);
      else grantPartitions(this, table.table, table.access);
      if (typeof table.access === 'string') acknowledgeIndexWildcard(this, table.table);
    }
  }
}

/**
 * One statement per partition grant, each allowed only while every leading key of the request matches its
 * patterns (`ForAllValues:StringLike` on `dynamodb:LeadingKeys`). `Null: false` also requires leading keys to be
 * present: a request without any (a Scan) would otherwise pass a ForAllValues test on an empty set.
 */
function grantPartitions(fn: AppFunction, table: ITableV2, access: ScopedTableAccess): void {
  const onlyPartitions = (patterns: readonly string[]) => ({
    'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] },
    Null: { 'dynamodb:LeadingKeys': 'false' },
  });
  for (const grant of access.items) {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: grant.actions.map((action) => `dynamodb:${action}`),
        resources: [table.tableArn],
        conditions: onlyPartitions(grant.partitions),
      }),
    );
  }
  if (access.index.length > 0) {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${table.tableArn}/index/${TABLE_INDEXES.byPerson.name}`],
        conditions: onlyPartitions(access.index),
      }),
    );
  }
}

/** The table grants include `<table arn>/index/*`: queries on the GSIs (gsi1) need it. */
function acknowledgeIndexWildcard(fn: AppFunction, table: ITableV2): void {
  acknowledgeWildcardResource(
    fn,
    `${table.tableArn}/index/*`,
    "Queries on the table's own global secondary indexes (gsi1); the grant is scoped to this one table.",
  );
}
