import { AwsSolutionsChecks } from 'cdk-nag';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/common/env';
import { logicalIdAt, synthStack } from './stack-fixture';

/**
 * Bounces and complaints in AWS (lib/constructs/mail-events.ts; docs/annual-update.md, "Bounces and complaints"):
 * the configuration set publishes them to an encrypted topic, the bounce function is subscribed, every mailing
 * function sends with the set, and the bounce function may only write suppression items.
 */
const fixture = synthStack({ bundle: false, cfnValidation: false, settings: { senderEmail: 'bottin@ecole.example.org' } });
const { template } = fixture;
afterAll(() => fixture.cleanup());

type Props = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const resource = (path: string): Props => template.toJSON().Resources[logicalIdAt(fixture, path)];
const topicId = () => logicalIdAt(fixture, 'MailEvents/Topic/Resource');
const handlerId = () => logicalIdAt(fixture, 'MailEvents/BounceHandler/Resource');

describe('SES bounce and complaint events', () => {
  it('publishes bounces and complaints of the configuration set to an encrypted topic', () => {
    const setId = logicalIdAt(fixture, 'Mail/ConfigurationSet/Resource');
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: setId },
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: { Ref: topicId() } },
      }),
    });
    expect(resource('MailEvents/Topic/Resource').Properties.KmsMasterKeyId).toEqual({
      'Fn::GetAtt': [logicalIdAt(fixture, 'MailEvents/TopicKey/Resource'), 'Arn'],
    });
    const key = resource('MailEvents/TopicKey/Resource').Properties;
    expect(key.EnableKeyRotation).toBe(true);
    expect(JSON.stringify(key.KeyPolicy)).toContain('ses.amazonaws.com');
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId() }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Action: 'sns:Publish', Effect: 'Allow', Principal: { Service: 'ses.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('subscribes the bounce function, which accepts only that topic', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topicId() },
      Endpoint: { 'Fn::GetAtt': [handlerId(), 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'sns.amazonaws.com',
      SourceArn: { Ref: topicId() },
    });
    const env = resource('MailEvents/BounceHandler/Resource').Properties.Environment.Variables;
    expect(env[ENV.bounceTopicArn]).toEqual({ Ref: topicId() });
    expect(env[ENV.senderEmail]).toBeUndefined();
  });

  it('lets the bounce function write suppression items only', () => {
    const role = { Ref: logicalIdAt(fixture, 'MailEvents/BounceHandler/ServiceRole/Resource') };
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([role]))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Props[]);
    const table = statements.filter((s) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    expect(table.map((s) => [[s.Action].flat(), s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']])).toEqual([
      [['dynamodb:PutItem'], ['SUPPRESSION#*']],
    ]);
    expect(statements.some((s) => [s.Action].flat().some((a: string) => a.startsWith('ses:')))).toBe(false);
  });

  it('sends every email of the app with the configuration set', () => {
    const setRef = { Ref: logicalIdAt(fixture, 'Mail/ConfigurationSet/Resource') };
    for (const fn of ['Api/AnnualUpdate/Resource', 'Api/Privacy/Resource', 'Api/AccountRecovery/Resource', 'Api/Admin/Resource']) {
      expect(resource(fn).Properties.Environment.Variables[ENV.sesConfigurationSet], fn).toEqual(setRef);
    }
  });

  it('stays clean under cdk-nag', () => {
    const report = new AwsSolutionsChecks().validateScope(fixture.app);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources[0]?.constructPath}`)).toEqual([]);
  });
});
