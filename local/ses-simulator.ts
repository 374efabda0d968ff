import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { logger } from '../lambdas/common/logger';
import { readMailbox } from './ses';

/**
 * The local stand-in for SES's mailbox simulator and the bounce/complaint event path (docs/annual-update.md,
 * "Bounces and complaints"). An email the emulator takes for `bounce@simulator.amazonses.com` or
 * `complaint@simulator.amazonses.com` (a `+label` before the `@` allowed, as SES's simulator allows) is answered
 * with the SNS notification AWS would deliver, handed to the same handler the topic's subscription invokes
 * (lambdas/annual-update/bounce-handler.ts), in the stack's process.
 */

/** The topic ARN the local bounce function accepts (BOUNCE_TOPIC_ARN locally). */
export const LOCAL_BOUNCE_TOPIC_ARN = 'arn:aws:sns:ca-central-1:000000000000:school-directory-local-mail-events';

const SIMULATOR = /^(bounce|complaint)(\+[^@\s]*)?@simulator\.amazonses\.com$/i;

export type SimulatedOutcome = 'bounce' | 'complaint';

/** What SES's simulator does with mail to this address, if it is one of its addresses. */
export function simulatorOutcome(address: string): SimulatedOutcome | undefined {
  const match = SIMULATOR.exec(address.trim());
  return match ? (match[1]!.toLowerCase() as SimulatedOutcome) : undefined;
}

/** The SES event of a configuration set, as SES publishes it (only the fields we read, and a few more). */
export function sesEvent(outcome: SimulatedOutcome, address: string, messageId: string, at = new Date()): Record<string, unknown> {
  const mail = { timestamp: at.toISOString(), messageId, destination: [address] };
  return outcome === 'bounce'
    ? {
        eventType: 'Bounce',
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
          timestamp: at.toISOString(),
          feedbackId: randomUUID(),
        },
        mail,
      }
    : {
        eventType: 'Complaint',
        complaint: {
          complainedRecipients: [{ emailAddress: address }],
          complaintFeedbackType: 'abuse',
          timestamp: at.toISOString(),
          feedbackId: randomUUID(),
        },
        mail,
      };
}

/** The event Lambda receives from an SNS subscription, carrying one message. */
export function snsEvent(message: unknown, topicArn = LOCAL_BOUNCE_TOPIC_ARN, at = new Date()): Record<string, unknown> {
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: topicArn,
          Subject: null,
          Message: typeof message === 'string' ? message : JSON.stringify(message),
          Timestamp: at.toISOString(),
          SignatureVersion: '1',
          MessageAttributes: {},
        },
      },
    ],
  };
}

export type SnsDelivery = (event: Record<string, unknown>) => Promise<unknown>;

/** The bounce function, loaded in this process as the gateway loads the API's. */
const bounceFunction: SnsDelivery = async (event) => {
  const { handler } = (await import('../lambdas/annual-update/bounce-handler')) as { handler: SnsDelivery };
  return handler(event);
};

/**
 * After each request the SES emulator answers, looks for new mail to the simulator's addresses and delivers the
 * matching notification. One pass at a time; each message is answered once.
 */
export function simulateMailEvents(server: Server, mailboxUrl: string, deliver: SnsDelivery = bounceFunction): void {
  const answered = new Set<string>();
  let queue = Promise.resolve();
  const pass = async () => {
    for (const email of await readMailbox(mailboxUrl)) {
      if (answered.has(email.messageId)) continue;
      answered.add(email.messageId);
      for (const address of email.destination.to) {
        const outcome = simulatorOutcome(address);
        if (outcome) await deliver(snsEvent(sesEvent(outcome, address.trim().toLowerCase(), email.messageId)));
      }
    }
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST') return;
    response.on('finish', () => {
      queue = queue.then(pass).catch((error: unknown) => logger.warn('mail event simulation failed', { error: (error as Error | undefined)?.name ?? 'Error' }));
    });
  });
}
