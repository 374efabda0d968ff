import { AwsSolutionsChecks } from 'cdk-nag';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { AppFunction } from '../../lib/constructs/lambda-function';
import { ALARM_THRESHOLDS } from '../../lib/constructs/monitoring';
import { logicalIdAt, synthStack } from './stack-fixture';

// Functions are not bundled: alarms only need their logical ids.
const fixture = synthStack({
  bundle: false,
  cfnValidation: false,
  settings: { senderEmail: 'bottin@ecole.example.org', contactEmail: 'secretariat@ecole.example.org' },
});
const { template, stack } = fixture;
afterAll(() => fixture.cleanup());

type Alarm = {
  Properties: {
    MetricName?: string;
    Namespace?: string;
    Threshold: number;
    ComparisonOperator: string;
    EvaluationPeriods: number;
    Dimensions?: { Name: string; Value: unknown }[];
    Metrics?: { Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[];
    AlarmActions: unknown[];
    TreatMissingData: string;
  };
};
const alarms = () => Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Alarm[];
const topicId = () => logicalIdAt(fixture, 'Monitoring/AlarmTopic/Resource');
const alarmsOn = (metricName: string, dimension?: { Name: string; Value: unknown }) =>
  alarms().filter(
    (a) =>
      a.Properties.MetricName === metricName &&
      (!dimension || JSON.stringify(a.Properties.Dimensions ?? []).includes(JSON.stringify(dimension))),
  );

describe('monitoring', () => {
  const functions = stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);

  it('watches errors and throttles of every function of the app', () => {
    expect(functions.length).toBeGreaterThanOrEqual(9);
    for (const fn of functions) {
      const dimension = { Name: 'FunctionName', Value: { Ref: stack.getLogicalId(fn.node.defaultChild as never) } };
      const errors = alarmsOn('Errors', dimension);
      expect(errors.length, fn.node.path).toBeGreaterThanOrEqual(1);
      expect(errors[0]!.Properties).toMatchObject({
        Threshold: ALARM_THRESHOLDS.functionErrors,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      expect(alarmsOn('Throttles', dimension).map((a) => a.Properties.Threshold), fn.node.path).toEqual([
        ALARM_THRESHOLDS.functionThrottles,
      ]);
    }
  });

  it('alarms on the API 5xx rate (with a minimum of requests) and on latency p95', () => {
    const rate = alarms().find((a) => a.Properties.Metrics?.some((m) => m.Expression?.includes('100 * errors / requests')));
    expect(rate?.Properties).toMatchObject({ Threshold: 5, ComparisonOperator: 'GreaterThanThreshold' });
    expect(rate?.Properties.Metrics?.[0]?.Expression).toBe('IF(requests >= 10, 100 * errors / requests, 0)');
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Latency',
      Namespace: 'AWS/ApiGateway',
      ExtendedStatistic: 'p95',
      Threshold: 3000,
      EvaluationPeriods: 3,
    });
  });

  it('alarms on DynamoDB throttled requests of the table', () => {
    const throttles = alarms().filter((a) =>
      a.Properties.Metrics?.some((m) => m.MetricStat?.Metric.MetricName === 'ThrottledRequests'),
    );
    expect(throttles).toHaveLength(1);
    expect(throttles[0]!.Properties.Threshold).toBe(1);
    expect(throttles[0]!.Properties.Metrics!.filter((m) => m.MetricStat)).toHaveLength(10);
  });

  it('alarms on the SES bounce rate above 5% and complaint rate above 0.1%', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
      Threshold: 0.05,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.ComplaintRate',
      Threshold: 0.001,
    });
  });

  it('alarms when the hourly purge fails, cannot be started, or does not run', () => {
    const purge = { Name: 'FunctionName', Value: { Ref: logicalIdAt(fixture, 'Auth/PurgeUnverified/Resource') } };
    const hourlyErrors = alarmsOn('Errors', purge).filter((a) => JSON.stringify(a).includes('3600'));
    expect(hourlyErrors.length).toBe(1);
    const didNotRun = alarmsOn('Invocations', purge);
    expect(didNotRun.map((a) => a.Properties)).toMatchObject([
      { Threshold: 1, ComparisonOperator: 'LessThanThreshold', TreatMissingData: 'breaching', EvaluationPeriods: 2 },
    ]);
    const rule = { Name: 'RuleName', Value: { Ref: logicalIdAt(fixture, 'Auth/PurgeSchedule/Resource') } };
    expect(alarmsOn('FailedInvocations', rule).map((a) => a.Properties.Threshold)).toEqual([1]);
  });

  it('sends every alarm to one encrypted topic that enforces TLS, with the contact email subscribed', () => {
    // The alarm topic, and with an SES sender the bounce topic (lib/constructs/mail-events.ts, its own test).
    expect(Object.keys(template.findResources('AWS::SNS::Topic'))).toHaveLength(2);
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'secretariat@ecole.example.org',
      TopicArn: { Ref: topicId() },
    });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    for (const alarm of alarms()) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId() }]);
  });

  it('has a dashboard showing the alarms and the API, function, table and SES graphs', () => {
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]);
    for (const needle of ['"type\\":\\"alarm\\"', 'Latency', 'Errors', 'Throttles', 'ThrottledRequests', 'Reputation.BounceRate']) {
      expect(body).toContain(needle);
    }
  });

  it('stays cdk-nag clean', () => {
    const report = new AwsSolutionsChecks().validateScope(fixture.app);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath)}`)).toEqual([]);
  });
});

describe('monitoring settings', () => {
  it('an explicit alarmEmail wins over the contact email; no SES alarms without a sender', () => {
    const other = synthStack({ bundle: false, cfnValidation: false, settings: { contactEmail: 'a@ecole.example.org', alarmEmail: 'tech@ecole.example.org' } });
    try {
      other.template.hasResourceProperties('AWS::SNS::Subscription', { Endpoint: 'tech@ecole.example.org' });
      expect(other.template.findResources('AWS::CloudWatch::Alarm', { Properties: { Namespace: 'AWS/SES' } })).toEqual({});
    } finally {
      other.cleanup();
    }
  });
});
