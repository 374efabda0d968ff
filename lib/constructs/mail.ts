import { Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { ConfigurationSet, EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { acknowledgeWildcardResource } from '../nag';

export interface MailProps {
  senderEmail: string;
}

/**
 * The SES sender identity. Creating it makes SES send a verification link to the address; until it is clicked
 * (and while the account is in the SES sandbox) mail only reaches verified addresses. docs/deploy.md.
 */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly senderEmail: string;
  /**
   * Every email of the app is sent with it (SES_CONFIGURATION_SET): it publishes bounces and complaints to the
   * bounce function (lib/constructs/mail-events.ts; docs/annual-update.md, "Bounces and complaints").
   */
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.senderEmail = props.senderEmail;
    this.identity = new EmailIdentity(this, 'Sender', { identity: Identity.email(props.senderEmail) });
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {});
  }

  /** SES authorises SendEmail against the configuration set named in the call too. */
  private configurationSetArn(): string {
    return Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
  }

  /**
   * Lets a function send mail from the configured sender only. SES authorises SendEmail against every identity
   * involved, and in the sandbox the recipients are identities too, so the resource is the account's identities
   * and the `ses:FromAddress` condition is what pins the sender.
   * https://docs.aws.amazon.com/ses/latest/dg/control-user-access.html
   */
  grantSend(grantee: IGrantable & Construct): void {
    const identities = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [identities, this.configurationSetArn()],
        conditions: { StringEquals: { 'ses:FromAddress': this.senderEmail } },
      }),
    );
    acknowledgeWildcardResource(
      grantee,
      identities,
      "SES checks SendEmail against the recipients' identities too while in the sandbox; the ses:FromAddress " +
        'condition restricts the sender to the configured address.',
    );
  }
}
