import { z } from 'zod';
import { IdSchema, IsoDateSchema, IsoDateTimeSchema, SchoolYearSchema, VersionSchema } from './common';

/** Annual parent information update (spec §3, §4). Statuses move pending -> active -> completed, never back. */
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
  version: VersionSchema,
});
export type Campaign = z.infer<typeof CampaignSchema>;

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
});
export type UpdateToken = z.infer<typeof UpdateTokenSchema>;
