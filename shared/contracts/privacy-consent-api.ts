import * as z from 'zod';
import { IdSchema, IsoDateTimeSchema, LanguageSchema } from '../schemas/common';
import { FieldAudiencesSchema, ParticipationSchema } from '../schemas/parent';
import { MessageConsentsSchema } from './messages-api';

/**
 * The consent log (docs/privacy.md, "Consent log"): one entry for every change of a parent's participation or
 * audiences, written in the same transaction as the change. GET /api/me/consent-log (the caller's own parent
 * records) and GET /api/admin/parents/{id}/consent-log answer `{ entries }`, newest first.
 */

/** Who made the choice. */
export const CONSENT_ACTORS = ['parent', 'linkHolder', 'admin', 'import', 'progression', 'unsubscribeLink'] as const;
/** Where it was made (`emailUnsubscribe`: a message's one-click unsubscribe, docs/messages.md). */
export const CONSENT_CHANNELS = ['myProfile', 'updateLink', 'adminScreen', 'importFile', 'progression', 'emailUnsubscribe'] as const;

/** A privacy choice as it was in force: the participation level and every field's audience. */
export const PrivacyStateSchema = z.object({
  participation: ParticipationSchema,
  audiences: FieldAudiencesSchema,
  /** The emails the parent accepts (docs/messages.md): on the entries that change them, before and after. */
  messages: MessageConsentsSchema.optional(),
  /** « Trouver des familles près de chez moi » (docs/messages.md, "Families near me"): on the entries that change it. */
  carpool: z.boolean().optional(),
});
export type PrivacyState = z.infer<typeof PrivacyStateSchema>;

export const ConsentEntrySchema = z.object({
  id: IdSchema,
  parentId: IdSchema,
  at: IsoDateTimeSchema,
  by: z.enum(CONSENT_ACTORS),
  channel: z.enum(CONSENT_CHANNELS),
  /** Absent when the record was created with this choice. */
  before: PrivacyStateSchema.optional(),
  after: PrivacyStateSchema,
  /** The privacy notice's version in force when the choice was made (shared/contracts/privacy-api.ts noticeVersionOf). */
  noticeVersion: z.string(),
  /** The language of the screen the choice was made on (the parent's preferred language when not on a screen). */
  language: LanguageSchema,
});
export type ConsentEntry = z.infer<typeof ConsentEntrySchema>;
export type ConsentActor = ConsentEntry['by'];
export type ConsentChannel = ConsentEntry['channel'];

export const ConsentLogResponseSchema = z.object({ entries: z.array(ConsentEntrySchema) });
export type ConsentLogResponse = z.infer<typeof ConsentLogResponseSchema>;
