import * as z from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common';

/**
 * A send job of the annual update (docs/annual-update.md): the list of parents to email, persisted before the
 * first email leaves, then worked through in bounded chunks. Each parent's entry moves through
 * pending -> sending -> sent | failed | uncertain | skipped, with conditional writes, so a retry never emails a
 * parent twice for the same job.
 */
export const SEND_MODES = ['selected', 'notSent', 'remind'] as const;
export const SendModeSchema = z.enum(SEND_MODES);
export type SendMode = z.infer<typeof SendModeSchema>;

export const SEND_JOB_STATUSES = ['running', 'completed', 'cancelled'] as const;
export const SendJobStatusSchema = z.enum(SEND_JOB_STATUSES);
export type SendJobStatus = z.infer<typeof SendJobStatusSchema>;

/**
 * - pending: not tried yet. sending: claimed by a worker (a crash leaves it here; recovered as uncertain).
 * - sent: SES accepted it. failed: SES refused it (retried while attempts remain). uncertain: the outcome is
 *   unknown (timeout, crash after the call), so it is never retried automatically (at most once).
 * - skipped: nothing to send any more (parent removed, email gone, or already answered before a reminder).
 */
export const SEND_ENTRY_STATES = ['pending', 'sending', 'sent', 'failed', 'uncertain', 'skipped'] as const;
export const SendEntryStateSchema = z.enum(SEND_ENTRY_STATES);
export type SendEntryState = z.infer<typeof SendEntryStateSchema>;

/** Job header (`CAMPAIGN#<campaignId>` / `SENDJOB#<jobId>`). Progress is counted from the entries. */
export const SendJobSchema = z.object({
  jobId: IdSchema,
  campaignId: IdSchema,
  mode: SendModeSchema,
  status: SendJobStatusSchema,
  total: z.number().int().min(0),
  /** Cognito `sub` of the administrator who created it. */
  createdBy: z.string().min(1),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  completedAt: IsoDateTimeSchema.optional(),
  /** Worker lease: one request works on a job at a time; a crashed worker's lease lapses (epoch ms). */
  leaseOwner: z.string().min(1).optional(),
  leaseUntil: z.number().int().positive().optional(),
});
export type SendJob = z.infer<typeof SendJobSchema>;

/** One parent of a job (`SENDJOB#<jobId>` / `PARENT#<parentId>`). */
export const SendJobEntrySchema = z.object({
  jobId: IdSchema,
  parentId: IdSchema,
  state: SendEntryStateSchema,
  /** Claims so far (each claim is one call to SES at most). */
  attempts: z.number().int().min(0),
  /** Hash of the link issued by the current claim: the token switch is finished from it after a crash. */
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  /** Error name of the last failure, or why the entry was skipped. */
  lastError: z.string().max(100).optional(),
  updatedAt: IsoDateTimeSchema,
  /** Epoch seconds: entries are kept for the admin's review, then removed by TTL. */
  expiresAt: z.number().int().positive(),
});
export type SendJobEntry = z.infer<typeof SendJobEntrySchema>;
