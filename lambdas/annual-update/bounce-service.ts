import { parseSesMessage, SnsEventSchema, type SuppressionRequest } from '@shared/rules/annual-update-bounces';
import { logger } from '../common/logger';
import { putSuppression } from '../common/suppression-repository';

/**
 * Bounces and complaints (docs/annual-update.md, "Bounces and complaints"): SES publishes them through the
 * configuration set to an SNS topic, which invokes the bounce function with this event. Each permanent bounce or
 * complaint records a suppression per address; nothing else is written, and no address is logged.
 */
export interface BounceOutcome {
  recorded: number;
  ignored: number;
  refused: number;
}

/**
 * Accepts only a well-formed SNS notification from `expectedTopicArn`: anything else is refused whole, before any
 * write. A record whose message is not an SES bounce or complaint is refused alone (a retry would not mend it).
 */
export async function recordSesNotifications(event: unknown, expectedTopicArn: string): Promise<BounceOutcome> {
  const parsed = SnsEventSchema.safeParse(event);
  if (!parsed.success || parsed.data.Records.some((r) => r.Sns.TopicArn !== expectedTopicArn)) {
    logger.warn('bounce notification refused', { reason: parsed.success ? 'topic' : 'shape' });
    return { recorded: 0, ignored: 0, refused: 1 };
  }
  const outcome: BounceOutcome = { recorded: 0, ignored: 0, refused: 0 };
  for (const record of parsed.data.Records) {
    const request = parseSesMessage(record.Sns.Message);
    if (request === 'invalid') outcome.refused++;
    else if (request === 'ignored') outcome.ignored++;
    else outcome.recorded += await recordSuppressions(request);
  }
  logger.info('bounce notifications', { ...outcome });
  return outcome;
}

async function recordSuppressions(request: SuppressionRequest): Promise<number> {
  for (const email of request.emails) {
    await putSuppression({ email, reason: request.reason, at: request.at, ...(request.detail ? { detail: request.detail } : {}) });
  }
  return request.emails.length;
}
