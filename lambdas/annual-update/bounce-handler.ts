import { ENV, requireEnv } from '../common/env';
import { recordSesNotifications, type BounceOutcome } from './bounce-service';

/**
 * The bounce function's entry (its own Lambda, subscribed to the SES events topic; lib/constructs/mail.ts).
 * Not an API route: SNS invokes it, and it accepts only notifications from the topic named in BOUNCE_TOPIC_ARN.
 */
export async function handler(event: unknown): Promise<BounceOutcome> {
  return recordSesNotifications(event, requireEnv(ENV.bounceTopicArn));
}
