import * as z from 'zod';

/**
 * Contracts of the `privacy` context (docs/privacy.md). `GET /api/privacy-notice` is public: the privacy policy
 * in both languages, generated from the school's settings, with a version that changes whenever its text does.
 */

/** Bumped by hand whenever the wording in lambdas/privacy/notice-text.ts changes. */
export const PRIVACY_NOTICE_TEXT_VERSION = '2026-11-29';

/** The version of the notice built from these settings: the wording's version and the settings' own. */
export const noticeVersionOf = (settingsVersion: number): string => `${PRIVACY_NOTICE_TEXT_VERSION}.s${settingsVersion}`;

export { PRIVACY_PATHS } from './privacy-paths';

const NoticeSectionSchema = z.object({
  id: z.string(),
  heading: z.string(),
  paragraphs: z.array(z.string()),
});

export const NoticeDocumentSchema = z.object({
  title: z.string(),
  /** The short notice shown where information is collected (sign-up, update form, My Profile). */
  short: z.string(),
  sections: z.array(NoticeSectionSchema),
});
export type NoticeDocument = z.infer<typeof NoticeDocumentSchema>;

export const PrivacyNoticeResponseSchema = z.object({
  /** `<text version>.s<settings version>`: any change of wording or of the school's settings changes it. */
  version: z.string(),
  fr: NoticeDocumentSchema,
  en: NoticeDocumentSchema,
});
export type PrivacyNoticeResponse = z.infer<typeof PrivacyNoticeResponseSchema>;
