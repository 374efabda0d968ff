import * as z from 'zod';
import { EmailSchema, IsoDateTimeSchema } from '../schemas/common';

/**
 * Bounces and complaints (docs/annual-update.md, "Bounces and complaints"). SES publishes them through the
 * configuration set to an SNS topic; SNS invokes the bounce function with the event below, whose `Message` is
 * the SES event as JSON. The local stack builds the same event for the mailbox simulator's addresses.
 */

/** Why an address is not written to any more. */
export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export const SuppressionReasonSchema = z.enum(SUPPRESSION_REASONS);
export type SuppressionReason = z.infer<typeof SuppressionReasonSchema>;

/** Stored suppression (`SUPPRESSION#<email>` / `SUPPRESSION`): one per address, the latest event wins. */
export const SuppressionSchema = z.object({
  email: EmailSchema,
  reason: SuppressionReasonSchema,
  /** When SES saw the bounce or the complaint. */
  at: IsoDateTimeSchema,
  /** SES's bounce sub-type (`General`, `NoEmail`, `Suppressed`...) or complaint feedback type, for the admin. */
  detail: z.string().max(60).optional(),
});
export type Suppression = z.infer<typeof SuppressionSchema>;

/** What the participants manager shows of a suppression (the address is the participant's own). */
export const ParticipantSuppressionSchema = z.object({ reason: SuppressionReasonSchema, at: IsoDateTimeSchema });
export type ParticipantSuppression = z.infer<typeof ParticipantSuppressionSchema>;

const Recipient = z.object({ emailAddress: z.string().max(320) });
const Detail = z.string().max(60).optional();

/** The parts of an SES event we use; SES adds fields over time, so unknown keys are ignored (not strict). */
export const SesEventSchema = z.union([
  z.object({
    eventType: z.literal('Bounce'),
    bounce: z.object({
      bounceType: z.enum(['Permanent', 'Transient', 'Undetermined']),
      bounceSubType: Detail,
      bouncedRecipients: z.array(Recipient).min(1).max(100),
      timestamp: z.iso.datetime({ offset: true }),
    }),
  }),
  z.object({
    eventType: z.literal('Complaint'),
    complaint: z.object({
      complaintFeedbackType: Detail,
      complainedRecipients: z.array(Recipient).min(1).max(100),
      timestamp: z.iso.datetime({ offset: true }),
    }),
  }),
]);
export type SesEvent = z.infer<typeof SesEventSchema>;

/** One SNS record as Lambda receives it; only notifications (never subscription confirmations). */
export const SnsRecordSchema = z.object({
  EventSource: z.literal('aws:sns'),
  Sns: z.object({
    Type: z.literal('Notification'),
    MessageId: z.string().min(1).max(100),
    TopicArn: z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/),
    Message: z.string().min(2).max(256_000),
    Timestamp: z.iso.datetime({ offset: true }),
  }),
});
export const SnsEventSchema = z.object({ Records: z.array(SnsRecordSchema).min(1).max(10) });
export type SnsEvent = z.infer<typeof SnsEventSchema>;

/** What one SES event asks us to record: nothing for a transient or undetermined bounce. */
export interface SuppressionRequest {
  emails: string[];
  reason: SuppressionReason;
  at: string;
  detail?: string;
}

/**
 * Reads one SNS record's message: the suppression it asks for, `ignored` (a transient bounce: the mailbox may
 * accept mail tomorrow, SES already retried it), or `invalid` (not JSON, not an SES bounce or complaint, or a
 * recipient that is not an address). An invalid message writes nothing.
 */
export function parseSesMessage(message: string): SuppressionRequest | 'ignored' | 'invalid' {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return 'invalid';
  }
  // Identity notifications name the type `notificationType`; configuration-set events, `eventType`.
  const withType =
    json && typeof json === 'object' && !('eventType' in json) && 'notificationType' in json
      ? { ...json, eventType: (json as { notificationType: unknown }).notificationType }
      : json;
  const parsed = SesEventSchema.safeParse(withType);
  if (!parsed.success) return 'invalid';
  const event = parsed.data;
  const { recipients, at, detail } =
    event.eventType === 'Bounce'
      ? { recipients: event.bounce.bouncedRecipients, at: event.bounce.timestamp, detail: event.bounce.bounceSubType }
      : { recipients: event.complaint.complainedRecipients, at: event.complaint.timestamp, detail: event.complaint.complaintFeedbackType };
  const emails = recipients.map((r) => EmailSchema.safeParse(r.emailAddress));
  if (emails.some((e) => !e.success)) return 'invalid';
  if (event.eventType === 'Bounce' && event.bounce.bounceType !== 'Permanent') return 'ignored';
  return {
    emails: [...new Set(emails.map((e) => e.data!))],
    reason: event.eventType === 'Bounce' ? 'bounce' : 'complaint',
    at: new Date(at).toISOString(),
    ...(detail ? { detail } : {}),
  };
}
