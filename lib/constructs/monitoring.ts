import { Duration, Stack, Token } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  AlarmStatusWidget,
  CfnDashboard,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { CfnRule, Rule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { AppFunction } from './lambda-function';

/**
 * Thresholds of the alarms, in one place (docs/operations.md explains what to do when each fires; the CDK
 * assertion tests read them from here).
 */
export const ALARM_THRESHOLDS = {
  /** Lambda errors are crashes and timeouts only (handlers answer bad input with a 4xx): any one is worth a look. */
  functionErrors: 1,
  functionThrottles: 1,
  /** Percent of API requests answered 5xx in 5 minutes, counted only when at least apiMinRequests came in. */
  api5xxPercent: 5,
  apiMinRequests: 10,
  /** Milliseconds, p95 over three 5-minute periods in a row. */
  apiLatencyP95Ms: 3000,
  dynamoThrottledRequests: 1,
  /** SES account reputation, as a fraction: AWS reviews an account from a 5% bounce or 0.1% complaint rate. */
  sesBounceRate: 0.05,
  sesComplaintRate: 0.001,
  scheduledJobErrors: 1,
} as const;

/** The table operations the app calls: one metric each (an alarm's metric math takes at most 10 metrics). */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.SCAN,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
];

export interface MonitoringProps {
  table: ITableV2;
  restApi: RestApi;
  /** Who is emailed when an alarm fires; none: the topic has no subscriber (docs/deploy.md). */
  alarmEmail?: string;
  /** The app sends email through SES: watch the account's bounce and complaint rates. */
  watchSes: boolean;
}

/**
 * Alarms, one SNS topic and a dashboard for the whole stack. Build it last: it watches every AppFunction and every
 * scheduled EventBridge rule found in the stack, so a function or a scheduled job added later is watched with no
 * change here.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  private readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = this.alarmTopic(props.alarmEmail);
    const functions = Stack.of(this)
      .node.findAll()
      .filter((c): c is AppFunction => c instanceof AppFunction);

    for (const fn of functions) this.watchFunction(fn);
    this.watchApi(props.restApi);
    this.alarm('DynamoThrottles', {
      metric: props.table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: Duration.minutes(5) }),
      threshold: ALARM_THRESHOLDS.dynamoThrottledRequests,
      description: 'DynamoDB throttled requests on the table (the app retries, then answers 503)',
    });
    if (props.watchSes) this.watchSes();
    for (const job of scheduledJobs(Stack.of(this), functions)) this.watchScheduledJob(job);

    this.dashboard = this.buildDashboard(functions, props);
  }

  /** SSE with a key of our own: CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key. */
  private alarmTopic(email: string | undefined): Topic {
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'School directory: encrypts the alarm notifications topic',
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    const topic = new Topic(this, 'AlarmTopic', {
      displayName: 'Bottin - alarmes / alarms',
      masterKey: key,
      enforceSSL: true,
    });
    if (email) topic.addSubscription(new EmailSubscription(email));
    return topic;
  }

  private alarm(
    id: string,
    options: {
      metric: IMetric;
      threshold: number;
      description: string;
      evaluationPeriods?: number;
      comparison?: ComparisonOperator;
      missing?: TreatMissingData;
    },
  ): Alarm {
    const alarm = new Alarm(this, id, {
      metric: options.metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: options.missing ?? TreatMissingData.NOT_BREACHING,
      alarmDescription: options.description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  private watchFunction(fn: AppFunction): void {
    const name = fn.node.path.split('/').slice(1).join('');
    const period = Duration.minutes(5);
    this.alarm(`${name}Errors`, {
      metric: fn.metricErrors({ period, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionErrors,
      description: `Function ${fn.node.path} failed (crash or timeout)`,
    });
    this.alarm(`${name}Throttles`, {
      metric: fn.metricThrottles({ period, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionThrottles,
      description: `Function ${fn.node.path} was throttled (account concurrency exhausted)`,
    });
  }

  private watchApi(api: RestApi): void {
    const period = Duration.minutes(5);
    this.alarm('Api5xxRate', {
      metric: new MathExpression({
        expression: `IF(requests >= ${ALARM_THRESHOLDS.apiMinRequests}, 100 * errors / requests, 0)`,
        usingMetrics: {
          requests: api.metricCount({ period, statistic: 'Sum' }),
          errors: api.metricServerError({ period, statistic: 'Sum' }),
        },
        period,
        label: 'API 5xx (%)',
      }),
      threshold: ALARM_THRESHOLDS.api5xxPercent,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: `More than ${ALARM_THRESHOLDS.api5xxPercent}% of API requests answered 5xx in 5 minutes`,
    });
    this.alarm('ApiLatencyP95', {
      metric: api.metricLatency({ period, statistic: 'p95' }),
      threshold: ALARM_THRESHOLDS.apiLatencyP95Ms,
      evaluationPeriods: 3,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: `API latency p95 above ${ALARM_THRESHOLDS.apiLatencyP95Ms} ms for 15 minutes`,
    });
  }

  /** Account-level reputation metrics SES publishes (no dimension): they cover every email the account sends. */
  private watchSes(): void {
    const reputation = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    this.alarm('SesBounceRate', {
      metric: reputation('Reputation.BounceRate'),
      threshold: ALARM_THRESHOLDS.sesBounceRate,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: 'SES bounce rate above 5%: clean the bad addresses before AWS pauses sending',
    });
    this.alarm('SesComplaintRate', {
      metric: reputation('Reputation.ComplaintRate'),
      threshold: ALARM_THRESHOLDS.sesComplaintRate,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: 'SES complaint rate above 0.1%: people mark the emails as spam',
    });
  }

  private watchScheduledJob(job: ScheduledJob): void {
    const name = job.rule.node.path.split('/').slice(1).join('');
    const period = job.every ?? Duration.hours(1);
    this.alarm(`${name}FailedInvocations`, {
      metric: new Metric({
        namespace: 'AWS/Events',
        metricName: 'FailedInvocations',
        dimensionsMap: { RuleName: job.rule.ruleName },
        statistic: 'Sum',
        period,
      }),
      threshold: ALARM_THRESHOLDS.scheduledJobErrors,
      description: `Scheduled job ${job.rule.node.path}: EventBridge could not start it`,
    });
    for (const fn of job.functions) {
      this.alarm(`${name}JobFailed`, {
        metric: fn.metricErrors({ period, statistic: 'Sum' }),
        threshold: ALARM_THRESHOLDS.scheduledJobErrors,
        description: `Scheduled job ${job.rule.node.path} failed (its function ${fn.node.path} errored)`,
      });
      if (job.every) {
        // Missing data means the job did not run at all: that is an alarm too.
        this.alarm(`${name}JobDidNotRun`, {
          metric: fn.metricInvocations({ period, statistic: 'Sum' }),
          threshold: 1,
          // An alarm looks back at most one day: a daily job is late after one missed day.
          evaluationPeriods: period.toHours() >= 24 ? 1 : 2,
          comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
          missing: TreatMissingData.BREACHING,
          description: `Scheduled job ${job.rule.node.path} did not run for two periods in a row`,
        });
      }
    }
  }

  private buildDashboard(functions: AppFunction[], props: MonitoringProps): Dashboard {
    const dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.days(7) });
    // The app-wide tag would land on the dashboard, where cfn-lint's resource schema allows no Tags.
    (dashboard.node.defaultChild as CfnDashboard).addPropertyDeletionOverride('Tags');
    const period = Duration.minutes(5);
    const perFunction = (metric: (fn: AppFunction) => IMetric) => functions.map(metric);
    dashboard.addWidgets(
      new TextWidget({
        markdown: '# Bottin / School directory\nAlarms and what to do: docs/operations.md in the repository.',
        width: 24,
        height: 2,
      }),
      new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }),
      new GraphWidget({
        title: 'API requests and 5xx',
        left: [props.restApi.metricCount({ period }), props.restApi.metricServerError({ period })],
        right: [props.restApi.metricClientError({ period })],
      }),
      new GraphWidget({ title: 'API latency p95 (ms)', left: [props.restApi.metricLatency({ period, statistic: 'p95' })] }),
      new GraphWidget({
        title: 'Function errors',
        left: perFunction((fn) => fn.metricErrors({ period, label: fn.node.path.split('/').slice(1).join('/') })),
      }),
      new GraphWidget({
        title: 'Function throttles',
        left: perFunction((fn) => fn.metricThrottles({ period, label: fn.node.path.split('/').slice(1).join('/') })),
      }),
      new GraphWidget({
        title: 'DynamoDB throttled requests',
        left: [props.table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period })],
      }),
    );
    if (props.watchSes) {
      dashboard.addWidgets(
        new GraphWidget({
          title: 'SES bounce and complaint rates',
          left: ['Reputation.BounceRate', 'Reputation.ComplaintRate'].map(
            (metricName) => new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) }),
          ),
        }),
      );
    }
    return dashboard;
  }
}

interface ScheduledJob {
  rule: Rule;
  functions: AppFunction[];
  /** The interval of a rate() schedule; undefined for cron() schedules. */
  every?: Duration;
}

/** Every EventBridge rule with a schedule, and the app functions it starts (matched on their resolved ARNs). */
function scheduledJobs(stack: Stack, functions: AppFunction[]): ScheduledJob[] {
  const byArn = new Map(functions.map((fn) => [JSON.stringify(stack.resolve(fn.functionArn)), fn]));
  const jobs: ScheduledJob[] = [];
  for (const rule of stack.node.findAll().filter((c): c is Rule => c instanceof Rule)) {
    const cfn = rule.node.defaultChild as CfnRule;
    const schedule = stack.resolve(cfn.scheduleExpression) as unknown;
    if (typeof schedule !== 'string') continue;
    const targets = (stack.resolve(cfn.targets) ?? []) as { arn: unknown }[];
    const targeted = targets.flatMap((t) => byArn.get(JSON.stringify(t.arn)) ?? []);
    jobs.push({ rule, functions: targeted, every: rateOf(schedule) });
  }
  return jobs;
}

/** `rate(1 hour)` -> 1 hour. */
function rateOf(schedule: string): Duration | undefined {
  const match = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(schedule);
  if (!match || Token.isUnresolved(schedule)) return undefined;
  const amount = Number(match[1]);
  if (match[2]!.startsWith('minute')) return Duration.minutes(Math.max(amount, 5));
  if (match[2]!.startsWith('hour')) return Duration.hours(amount);
  return Duration.days(amount);
}
