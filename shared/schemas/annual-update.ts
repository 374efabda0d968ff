import * as z from 'zod';
import { IdSchema, IsoDateSchema, IsoDateTimeSchema, SchoolYearSchema, VersionSchema } from './common';

/** Annual parent information update (docs/product-rules.md, Annual update campaign). Statuses move pending -> active -> completed; an administrator may reopen a completed campaign (-> active). */
export const CAMPAIGN_STATUSES = ['pending', 'active', 'completed'] as const;
export const CampaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatusSchema>;

const CountSchema = z.number().int().min(0);

export const CampaignSchema = z.object({
  id: IdSchema,
  schoolYear: SchoolYearSchema,
  status: CampaignStatusSchema,
  /** Kept on the header so the dashboard is one GetItem; changed in the transaction that causes each count. */
  totalParents: CountSchema,
  emailsSent: CountSchema,
  formsSubmitted: CountSchema,
  optedOut: CountSchema,
  deadline: IsoDateSchema.optional(),
  /** Cognito `sub` of the administrator who started it (an id, not a name). */
  createdBy: z.string().min(1),
  createdAt: IsoDateTimeSchema,
  startedAt: IsoDateTimeSchema.optional(),
  completedAt: IsoDateTimeSchema.optional(),
  /** The last time an administrator reopened it after a close (docs/annual-update.md, "Campaign lifecycle"). */
  reopenedAt: IsoDateTimeSchema.optional(),
  version: VersionSchema,
  /** Parents without an email: listed, never emailed, not counted as failures (absent = 0). */
  unreachable: CountSchema.optional(),
  /** The send job in progress, if any: one at a time per campaign (docs/annual-update.md). */
  activeJobId: IdSchema.optional(),
  /** Automatic reminders, in days before the deadline (shared/rules/annual-update-reminders.ts); absent: none. */
  reminderDays: z.array(z.number().int().min(1).max(60)).optional(),
  /** The offsets whose reminder job has been started (marked with the job, in one transaction). */
  remindersSent: z.array(z.number().int().min(1).max(60)).optional(),
  /**
   * Start lease: the request creating the participants holds it until `leaseUntil` (epoch ms), so two starts
   * never run at once and a crashed start can be resumed once it lapses.
   */
  leaseOwner: z.string().min(1).optional(),
  leaseUntil: z.number().int().positive().optional(),
  /** Review before publishing (shared/rules/annual-update-review.ts), chosen at the start; absent: off. */
  review: z.boolean().optional(),
  /** Staff members are participants too (docs/annual-update.md, "Staff"); their counts are kept apart. */
  includeStaff: z.boolean().optional(),
  totalStaff: CountSchema.optional(),
  staffUnreachable: CountSchema.optional(),
  staffEmailsSent: CountSchema.optional(),
  staffSubmitted: CountSchema.optional(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** What can happen to a participant; kept on the participant as a short history for the admin screen. */
export const PARTICIPANT_EVENTS = [
  'emailSent',
  'reminderSent',
  'sendFailed',
  /** The email may or may not have left (crash or timeout during the send): never resent automatically. */
  'sendUncertain',
  'submitted',
  'optedOut',
  'optedIn',
  /** An answer held for review: some of its changes published, or not published (`fields` names which). */
  'reviewAccepted',
  'reviewRejected',
] as const;
export const ParticipantEventTypeSchema = z.enum(PARTICIPANT_EVENTS);
export type ParticipantEventType = z.infer<typeof ParticipantEventTypeSchema>;

export const ParticipantEventSchema = z.object({
  at: IsoDateTimeSchema,
  event: ParticipantEventTypeSchema,
  /** Where a submission came from: the emailed link or My Profile. */
  via: z.enum(['link', 'profile']).optional(),
  /** The send job behind an email event. */
  jobId: IdSchema.optional(),
  /** Error name of a failed send (an SES error code, never an address). */
  error: z.string().max(100).optional(),
  /** The kinds of information a review decision was about (`address`, `phone`...), never their values. */
  fields: z.array(z.string().max(40)).max(10).optional(),
});
export type ParticipantEvent = z.infer<typeof ParticipantEventSchema>;

/** One parent's progress in a campaign (`CAMPAIGN#<id>` / `PARTICIPANT#<parentId>`). */
export const ParticipantSchema = z.object({
  campaignId: IdSchema,
  parentId: IdSchema,
  emailSentAt: IsoDateTimeSchema.optional(),
  /** How many times a link was emailed (first send plus reminders). */
  emailsSent: CountSchema,
  submittedAt: IsoDateTimeSchema.optional(),
  optedOut: z.boolean(),
  /** SHA-256 (hex) of the link currently valid for this parent; a new link replaces it. */
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  /** No email on file when the campaign started: listed as unreachable, never emailed. */
  unreachable: z.boolean().optional(),
  /** Sends SES refused for this parent (each retried, within a bound). */
  sendFailures: CountSchema.optional(),
  lastSendError: z.string().max(100).optional(),
  lastActivityAt: IsoDateTimeSchema.optional(),
  history: z.array(ParticipantEventSchema).optional(),
  /** A staff member's participant (`parentId` then holds the staff id); absent: a parent's. */
  kind: z.literal('staff').optional(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

/**
 * An update link as stored: only the hash of the 32 random bytes, one campaign, one parent, an expiry. TTL
 * deletes it eventually; readers still compare `expiresAt` with the clock (TTL is lazy).
 */
export const UpdateTokenSchema = z.object({
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  campaignId: IdSchema,
  parentId: IdSchema,
  createdAt: IsoDateTimeSchema,
  /** Epoch seconds (the table's TTL attribute). */
  expiresAt: z.number().int().positive(),
  /** A staff member's link (`parentId` then holds the staff id): it opens the staff form. */
  kind: z.literal('staff').optional(),
  /**
   * A link replaced by a newer one (kept until its expiry so the parent is told why it stopped): a letter's code by a
   * newer letter's, or (`replacedBy: 'email'`) an emailed link by the link of a newer email.
   */
  replacedAt: IsoDateTimeSchema.optional(),
  replacedBy: z.literal('email').optional(),
});
export type UpdateToken = z.infer<typeof UpdateTokenSchema>;
