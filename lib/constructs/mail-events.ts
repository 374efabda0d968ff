import { Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ConfigurationSetEventDestination, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { ENV } from '../../lambdas/common/env';
import { BOUNCE_FUNCTION_TABLE_ACCESS } from '../context-grants';
import { AppFunction } from './lambda-function';
import type { Mail } from './mail';

export interface MailEventsProps {
  mail: Mail;
  table: ITableV2;
}

/**
 * Bounces and complaints (docs/annual-update.md, "Bounces and complaints"): the configuration set every email is
 * sent with publishes them to an encrypted SNS topic; the bounce function, subscribed to it, records a
 * suppression per address, which every mailer then skips.
 */
export class MailEvents extends Construct {
  readonly topic: Topic;
  readonly handler: AppFunction;

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    // A key of our own: SES cannot publish to a topic encrypted with the AWS managed SNS key.
    const key = new Key(this, 'TopicKey', {
      description: 'School directory: encrypts the SES bounce and complaint events topic',
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('ses.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Bottin - rebonds et plaintes / bounces and complaints',
      masterKey: key,
      enforceSSL: true,
    });
    new ConfigurationSetEventDestination(this, 'Destination', {
      configurationSet: props.mail.configurationSet,
      destination: EventDestination.snsTopic(this.topic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    this.handler = new AppFunction(this, 'BounceHandler', {
      entry: 'annual-update/bounce-handler.ts',
      description: 'School directory: records SES bounces and complaints (suppressed addresses)',
      environment: { [ENV.bounceTopicArn]: this.topic.topicArn },
      table: { table: props.table, access: BOUNCE_FUNCTION_TABLE_ACCESS },
    });
    this.topic.addSubscription(new LambdaSubscription(this.handler));
  }
}
