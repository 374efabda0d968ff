import * as z from 'zod';
import { ReviewedFieldSchema, ReviewValueSchema } from '../rules/annual-update-review';
import { ActivityEntrySchema } from './privacy-activity-api';
import { ConsentEntrySchema } from './privacy-consent-api';
import { CampaignStatusSchema, ParticipantEventTypeSchema } from '../schemas/annual-update';
import { CommitteeRoleSchema } from '../schemas/committee-roles';
import { AddressSchema, IdSchema, IsoDateTimeSchema, LanguageSchema, LocalizedTextSchema } from '../schemas/common';
import { FieldAudiencesSchema, ParticipationSchema } from '../schemas/parent';

/**
 * Contract of `GET /api/me/data` (docs/privacy.md, "Download my data"): everything the school holds about the
 * signed-in parent, for portability (Québec Law 25, s. 27). One section per parent record registered under the
 * caller's email (an email may hold two). Only the caller's own data: no co-parent, teacher or administrator
 * details, and never the safety restriction (administrators only).
 */

/** `?format=json` (default) answers MyDataResponse; `?format=csv`, MyDataCsvResponse. */
export const MyDataQuerySchema = z.strictObject({ format: z.enum(['json', 'csv']).default('json') });
export type MyDataQuery = z.infer<typeof MyDataQuerySchema>;

/** The stored parent record's own fields, with the audiences in force (the preset when none were chosen). */
export const MyDataRecordSchema = z.strictObject({
  id: IdSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  address: AddressSchema.optional(),
  interests: z.array(z.string()),
  skills: z.string(),
  participation: ParticipationSchema,
  audiences: FieldAudiencesSchema,
  preferredLanguage: LanguageSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type MyDataRecord = z.infer<typeof MyDataRecordSchema>;

export const MyDataChildSchema = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  level: z.string(),
  /** Absent when the child's class no longer exists. */
  class: z.strictObject({ code: z.string(), name: z.string() }).optional(),
});
export type MyDataChild = z.infer<typeof MyDataChildSchema>;

export const MyDataCommitteeSchema = z.strictObject({ name: LocalizedTextSchema, role: CommitteeRoleSchema });
export type MyDataCommittee = z.infer<typeof MyDataCommitteeSchema>;

/** The parent's part in one annual-update campaign: when they answered, whether they opted out, what happened. */
export const MyDataCampaignSchema = z.strictObject({
  schoolYear: z.string(),
  status: CampaignStatusSchema,
  submittedAt: IsoDateTimeSchema.optional(),
  optedOut: z.boolean(),
  history: z.array(
    z.strictObject({
      at: IsoDateTimeSchema,
      event: ParticipantEventTypeSchema,
      via: z.enum(['link', 'profile']).optional(),
      /** A review decision's kinds of information (`address`, `phone`...). */
      fields: z.array(ReviewedFieldSchema).optional(),
    }),
  ),
  /** An answer held for review (docs/annual-update.md, "Review before publishing"): the values sent, not published yet. */
  awaitingReview: z
    .strictObject({
      submittedAt: IsoDateTimeSchema,
      fields: z.array(z.strictObject({ field: ReviewedFieldSchema, submitted: ReviewValueSchema.optional() })),
    })
    .optional(),
});
export type MyDataCampaign = z.infer<typeof MyDataCampaignSchema>;

export const MyDataParentSchema = z.strictObject({
  record: MyDataRecordSchema,
  children: z.array(MyDataChildSchema),
  committees: z.array(MyDataCommitteeSchema),
  /** Newest first (GET /api/me/consent-log). */
  consentLog: z.array(ConsentEntrySchema),
  /** Oldest campaign first. */
  campaigns: z.array(MyDataCampaignSchema),
  /** The same entries as GET /api/me/activity for this record, newest first. */
  activity: z.array(ActivityEntrySchema),
});
export type MyDataParent = z.infer<typeof MyDataParentSchema>;

export const MY_DATA_FORMAT = 'school-directory-my-data';

export const MyDataResponseSchema = z.strictObject({
  format: z.literal(MY_DATA_FORMAT),
  generatedAt: IsoDateTimeSchema,
  parents: z.array(MyDataParentSchema),
});
export type MyDataResponse = z.infer<typeof MyDataResponseSchema>;

/** The CSV sections, one file each (UTF-8 with a byte-order mark; `;` in French, `,` in English). */
export const MY_DATA_SECTIONS = ['record', 'children', 'committees', 'consent', 'campaigns', 'activity'] as const;
export type MyDataSection = (typeof MY_DATA_SECTIONS)[number];

export const MyDataCsvResponseSchema = z.strictObject({
  files: z.array(z.strictObject({ name: z.string(), section: z.enum(MY_DATA_SECTIONS), text: z.string() })),
});
export type MyDataCsvResponse = z.infer<typeof MyDataCsvResponseSchema>;
