import * as z from 'zod';
import { ParticipantSuppressionSchema } from '../rules/annual-update-bounces';
import { CampaignStatusSchema, ParticipantEventSchema } from '../schemas/annual-update';
import { IdSchema, IsoDateSchema, IsoDateTimeSchema, LanguageSchema, SchoolYearSchema } from '../schemas/common';
import { SendJobStatusSchema, SendModeSchema } from '../schemas/send-job';
import { REMINDER_DAY_MAX, REMINDER_DAY_MIN, REMINDER_DAYS_MAX_COUNT } from '../rules/annual-update-reminders';

/**
 * Contracts of the administrator's annual-update routes (`/api/admin/annual-update/...`), shared by the
 * `annual-update` Lambda and the frontend. docs/annual-update.md describes the flow and the guarantees.
 */

/**
 * The word the start once needed typed. Starting is harmless (it changes nothing a parent sees until a send), so
 * the dialog no longer asks for it (docs/annual-update.md, "Starting"); the server still accepts it from an
 * older page.
 */
export const CONFIRMATION_WORD = 'confirm';

/** Automatic reminders, in days before the deadline: distinct whole days, at most four (shared/rules/annual-update-reminders.ts). */
export const ReminderDaysSchema = z
  .array(z.number().int().min(REMINDER_DAY_MIN).max(REMINDER_DAY_MAX))
  .max(REMINDER_DAYS_MAX_COUNT)
  .refine((days) => new Set(days).size === days.length, { error: 'duplicate_day' });

/** POST /api/admin/annual-update/campaigns. Also resumes a start that was interrupted (same school year). */
export const StartCampaignRequestSchema = z.strictObject({
  schoolYear: SchoolYearSchema,
  /** Shown in the emails; numeric date `2025-10-15`. */
  deadline: IsoDateSchema.optional(),
  /** Needs a deadline; absent: none. */
  reminderDays: ReminderDaysSchema.optional(),
  confirmation: z.literal(CONFIRMATION_WORD).optional(),
  /**
   * The committees that recruit this year (docs/annual-update.md, "Committees that recruit"): they open to parents'
   * sign-ups and every other committee closes. Absent: the committees stay as they are.
   */
  recruitingCommittees: z
    .array(IdSchema)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'duplicate_committee' })
    .optional(),
  /** Review before publishing (shared/rules/annual-update-review.ts): answers wait for an administrator. Absent: off. */
  review: z.boolean().optional(),
  /** Staff members with an email get a link too, to the staff form (docs/annual-update.md, "Staff"). */
  includeStaff: z.boolean().optional(),
});
export type StartCampaignRequest = z.infer<typeof StartCampaignRequestSchema>;

export const CampaignCountsSchema = z.object({
  totalParents: z.number().int(),
  /** Parents with an email (totalParents - unreachable). */
  reachable: z.number().int(),
  /** Parents without an email: listed, never emailed. */
  unreachable: z.number().int(),
  /** Parents emailed at least once. */
  emailsSent: z.number().int(),
  /** Parents who submitted the form at least once (an opt-out is a submission). */
  formsSubmitted: z.number().int(),
  /** Parents whose latest answer is name only. */
  optedOut: z.number().int(),
  /** Present when the campaign includes staff: their own counts (progress adds them to the parents'). */
  staff: z
    .object({
      total: z.number().int(),
      reachable: z.number().int(),
      unreachable: z.number().int(),
      emailsSent: z.number().int(),
      formsSubmitted: z.number().int(),
    })
    .optional(),
});

export const CampaignViewSchema = z.object({
  id: IdSchema,
  schoolYear: SchoolYearSchema,
  status: CampaignStatusSchema,
  deadline: IsoDateSchema.optional(),
  createdAt: IsoDateTimeSchema,
  startedAt: IsoDateTimeSchema.optional(),
  completedAt: IsoDateTimeSchema.optional(),
  reopenedAt: IsoDateTimeSchema.optional(),
  /**
   * The last day it can be reopened (the day before its retention purge, docs/annual-update.md "Campaign
   * lifecycle"): a closed campaign's, or an open one's if it were closed today.
   */
  reopenUntil: IsoDateSchema.optional(),
  counts: CampaignCountsSchema,
  /** docs/product-rules.md, Annual update campaign: completed/total and a percentage (one decimal); completed = formsSubmitted. */
  progress: z.object({ completed: z.number().int(), total: z.number().int(), percentage: z.number() }),
  /** The send job in progress: continue it rather than creating another. */
  activeJobId: IdSchema.optional(),
  /** Automatic reminders (days before the deadline), those already sent, and the day of the next one. */
  reminders: z.object({
    days: z.array(z.number().int()),
    sent: z.array(z.number().int()),
    nextOn: IsoDateSchema.optional(),
  }),
  /** Review before publishing: set at the start, for the whole campaign (docs/annual-update.md). */
  review: z.boolean().optional(),
});
export type CampaignView = z.infer<typeof CampaignViewSchema>;

export const StartCampaignResponseSchema = z.object({
  campaign: CampaignViewSchema,
  /** True when this call finished a start that had been interrupted (HTTP 200 instead of 201). */
  resumed: z.boolean(),
});
export type StartCampaignResponse = z.infer<typeof StartCampaignResponseSchema>;

/** PUT /api/admin/annual-update/campaigns/{campaignId}/reminders: the automatic reminders of an active campaign. */
export const RemindersUpdateRequestSchema = z.strictObject({
  reminderDays: ReminderDaysSchema,
  /**
   * A new deadline for the open campaign (today or later; docs/annual-update.md, "Moving the deadline"): the links
   * already sent are carried past it and the reminders count from it. Absent: the deadline stays.
   */
  deadline: IsoDateSchema.optional(),
});
export type RemindersUpdateRequest = z.infer<typeof RemindersUpdateRequestSchema>;

/** POST /api/admin/annual-update/campaigns/{campaignId}/reopen: a closed campaign, active again until a new deadline. */
export const ReopenCampaignRequestSchema = z.strictObject({ deadline: IsoDateSchema });
export type ReopenCampaignRequest = z.infer<typeof ReopenCampaignRequestSchema>;

/** Progress of a send job, returned by every send-job route. */
export const SendJobProgressSchema = z.object({
  jobId: IdSchema,
  campaignId: IdSchema,
  mode: SendModeSchema,
  status: SendJobStatusSchema,
  total: z.number().int(),
  /** Not tried yet. */
  pending: z.number().int(),
  /** Refused by SES, to be retried by a later continue call. */
  retrying: z.number().int(),
  /** Claimed by a worker that has not finished (or crashed: recovered by the next continue). */
  sending: z.number().int(),
  sent: z.number().int(),
  /** Refused by SES on every attempt. */
  failed: z.number().int(),
  /** Outcome unknown (timeout or crash during the send); not resent automatically (at most once). */
  uncertain: z.number().int(),
  /** Nothing to send any more (removed parent, no email, answered before the reminder). */
  skipped: z.number().int(),
  /** True when nothing is left to do: stop calling continue. */
  done: z.boolean(),
  /** True when another request holds the job: wait a few seconds, then continue again. */
  busy: z.boolean(),
  createdAt: IsoDateTimeSchema,
  completedAt: IsoDateTimeSchema.optional(),
});
export type SendJobProgress = z.infer<typeof SendJobProgressSchema>;

/** GET /api/admin/annual-update: the current (or latest) campaign, null before the first one. */
export const CurrentCampaignResponseSchema = z.object({
  campaign: CampaignViewSchema.nullable(),
  activeJob: SendJobProgressSchema.nullable(),
});
export type CurrentCampaignResponse = z.infer<typeof CurrentCampaignResponseSchema>;

/** POST /api/admin/annual-update/campaigns/{campaignId}/send-jobs. */
export const SendRequestSchema = z.discriminatedUnion('mode', [
  z.strictObject({
    mode: z.literal('selected'),
    parentIds: z
      .array(IdSchema)
      .min(1)
      .max(5000)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'duplicate_parent' }),
  }),
  /** Every reachable parent not emailed yet. */
  z.strictObject({ mode: z.literal('notSent') }),
  /** Every reachable parent emailed before who has not submitted yet. */
  z.strictObject({ mode: z.literal('remind') }),
]);
export type SendRequest = z.infer<typeof SendRequestSchema>;

/**
 * Whom a `notSent` or `remind` send lists: the job's rule (lambdas/annual-update/send-job-service.ts), also the count
 * the participants manager shows before it asks to confirm, so the two never disagree.
 */
export function listedBySendMode(
  mode: 'notSent' | 'remind',
  participant: { unreachable?: boolean; emailsSent: number; submitted: boolean },
): boolean {
  if (participant.unreachable) return false;
  return mode === 'notSent' ? participant.emailsSent === 0 : participant.emailsSent > 0 && !participant.submitted;
}

export const ParticipantClassSchema = z.object({ id: IdSchema, code: z.string(), name: z.string() });

/** One row of the participants manager. */
export const ParticipantViewSchema = z.object({
  parentId: IdSchema,
  /** Absent when the parent has left the directory since the campaign started. */
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  preferredLanguage: LanguageSchema.optional(),
  /** Classes of the parent's children, by class code. */
  classes: z.array(ParticipantClassSchema),
  unreachable: z.boolean(),
  emailSent: z.boolean(),
  emailSentAt: IsoDateTimeSchema.optional(),
  /** Emails sent to this parent in this campaign (first one plus reminders). */
  emailsSent: z.number().int(),
  submitted: z.boolean(),
  submittedAt: IsoDateTimeSchema.optional(),
  optedOut: z.boolean(),
  lastActivityAt: IsoDateTimeSchema.optional(),
  sendFailures: z.number().int(),
  lastSendError: z.string().optional(),
  /** Oldest first. */
  history: z.array(ParticipantEventSchema),
  /** The parent's address bounced or complained: nothing is sent to it until the address is corrected. */
  suppression: ParticipantSuppressionSchema.optional(),
  /** A parent without an email: when their current paper letter was printed (its code still works). */
  letterPrintedAt: IsoDateTimeSchema.optional(),
  /** A staff member's row (`parentId` then holds the staff id, `classes` the classes taught); absent: a parent's. */
  kind: z.literal('staff').optional(),
});
export type ParticipantView = z.infer<typeof ParticipantViewSchema>;

/** GET /api/admin/annual-update/campaigns/{campaignId}/participants, sorted by last then first name. */
export const ParticipantsResponseSchema = z.object({
  campaign: CampaignViewSchema,
  participants: z.array(ParticipantViewSchema),
});
export type ParticipantsResponse = z.infer<typeof ParticipantsResponseSchema>;

/** Path parameters of the campaign and send-job routes. */
export const CampaignPathSchema = z.strictObject({ campaignId: IdSchema });
export const SendJobPathSchema = z.strictObject({ campaignId: IdSchema, jobId: IdSchema });
