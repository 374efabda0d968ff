import * as z from 'zod';
import { IdSchema, IsoDateTimeSchema, LanguageSchema } from '../schemas/common';

/**
 * Privacy requests (docs/privacy.md, "Privacy requests"): a parent files a request to access, correct or delete
 * their information, to leave the directory, or a complaint; the administrators work them as a queue, due 30 days
 * after receipt, and the answer is emailed in the requester's language.
 */

export const PRIVACY_REQUEST_KINDS = ['access', 'correction', 'deletion', 'withdrawal', 'complaint'] as const;
export const PrivacyRequestKindSchema = z.enum(PRIVACY_REQUEST_KINDS);
export type PrivacyRequestKind = z.infer<typeof PrivacyRequestKindSchema>;

export const PRIVACY_REQUEST_STATUSES = ['received', 'inProgress', 'answered', 'closed'] as const;
export const PrivacyRequestStatusSchema = z.enum(PRIVACY_REQUEST_STATUSES);
export type PrivacyRequestStatus = z.infer<typeof PrivacyRequestStatusSchema>;

/** Days between receipt and the answer's due date (Law 25: 30 days to answer). */
export const PRIVACY_REQUEST_DUE_DAYS = 30;
export const PRIVACY_REQUEST_DETAILS_MAX = 2000;
export const PRIVACY_REQUEST_NOTE_MAX = 2000;
export const PRIVACY_REQUEST_ANSWER_MAX = 5000;
/**
 * Bounds on one parent's filings (docs/privacy.md, "Privacy requests"), whoever files and from wherever: at most
 * this many open (received or in progress) at once, and this many filed (each one emailing a receipt) per hour.
 */
export const PRIVACY_REQUEST_OPEN_MAX = 5;
export const PRIVACY_REQUEST_FILINGS_PER_HOUR = 3;

/** The statuses each status may move to; staying put is allowed (to add a note) except once closed. */
export const PRIVACY_REQUEST_TRANSITIONS: Record<PrivacyRequestStatus, readonly PrivacyRequestStatus[]> = {
  received: ['received', 'inProgress', 'answered', 'closed'],
  inProgress: ['inProgress', 'answered', 'closed'],
  answered: ['answered', 'closed'],
  closed: [],
};

/** Still waiting for an answer: counted as open, and overdue once past the due date. */
export const isOpenStatus = (status: PrivacyRequestStatus): boolean => status === 'received' || status === 'inProgress';

/** The due date: receipt plus 30 days, at the same time of day. */
export function privacyRequestDueAt(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + PRIVACY_REQUEST_DUE_DAYS * 24 * 60 * 60 * 1000);
}

/** The short reference shown to the requester and in emails: the last 8 characters of the request's id. */
export const requestReference = (id: string): string => id.slice(-8);

const DetailsSchema = z.string().trim().min(1).max(PRIVACY_REQUEST_DETAILS_MAX);

/** POST /api/privacy-requests (signed-in parent). `parentId` chooses among several parent records of one email. */
export const PrivacyRequestCreateSchema = z.strictObject({
  kind: PrivacyRequestKindSchema,
  details: DetailsSchema,
  parentId: IdSchema.optional(),
});
export type PrivacyRequestCreate = z.infer<typeof PrivacyRequestCreateSchema>;

/** POST /api/update/privacy-request (update-link holder): the link's token travels in the body. */
export const PrivacyRequestByLinkSchema = z.strictObject({
  token: z.string().max(100),
  kind: PrivacyRequestKindSchema,
  details: DetailsSchema,
});

/** What the requester gets back: no copy of what they wrote, only the receipt. */
export const PrivacyRequestReceiptSchema = z.object({
  id: IdSchema,
  status: PrivacyRequestStatusSchema,
  receivedAt: IsoDateTimeSchema,
  dueAt: IsoDateTimeSchema,
});
export type PrivacyRequestReceipt = z.infer<typeof PrivacyRequestReceiptSchema>;

/**
 * GET /api/privacy-requests (signed-in parent): the caller's own requests, newest first, as My Profile lists them
 * (what they asked for, where it stands, when the answer is due or was sent); never the administrators' notes.
 */
export const MyPrivacyRequestSchema = z.object({
  reference: z.string(),
  kind: PrivacyRequestKindSchema,
  status: PrivacyRequestStatusSchema,
  receivedAt: IsoDateTimeSchema,
  dueAt: IsoDateTimeSchema,
  answeredAt: IsoDateTimeSchema.optional(),
});
export type MyPrivacyRequest = z.infer<typeof MyPrivacyRequestSchema>;
export const MyPrivacyRequestsSchema = z.object({ requests: z.array(MyPrivacyRequestSchema) });
export type MyPrivacyRequests = z.infer<typeof MyPrivacyRequestsSchema>;

/** Where an email stands: `none` when the requester has no address on file. */
export const EmailStatusSchema = z.enum(['pending', 'sent', 'failed', 'none']);
export type EmailStatus = z.infer<typeof EmailStatusSchema>;

export const PrivacyRequestNoteSchema = z.object({ at: IsoDateTimeSchema, by: z.string().min(1), text: z.string() });

/** A stored request, as the administrators see it. */
export const PrivacyRequestSchema = z.object({
  id: IdSchema,
  kind: PrivacyRequestKindSchema,
  details: z.string(),
  requester: z.object({
    parentId: IdSchema,
    name: z.string(),
    email: z.string().optional(),
    language: LanguageSchema,
  }),
  via: z.enum(['profile', 'link']),
  receivedAt: IsoDateTimeSchema,
  dueAt: IsoDateTimeSchema,
  status: PrivacyRequestStatusSchema,
  notes: z.array(PrivacyRequestNoteSchema),
  answer: z.object({ text: z.string(), at: IsoDateTimeSchema, by: z.string().min(1) }).optional(),
  emails: z.object({ receipt: EmailStatusSchema, answer: EmailStatusSchema.optional() }),
  version: z.number().int().positive(),
  updatedAt: IsoDateTimeSchema,
});
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>;

export const PrivacyRequestViewSchema = PrivacyRequestSchema.extend({ overdue: z.boolean() });
export type PrivacyRequestView = z.infer<typeof PrivacyRequestViewSchema>;

/** GET /api/admin/privacy/requests: newest first, with the counts the dashboard shows. */
export const PrivacyRequestListSchema = z.object({
  requests: z.array(PrivacyRequestViewSchema),
  open: z.number().int().min(0),
  overdue: z.number().int().min(0),
});
export type PrivacyRequestList = z.infer<typeof PrivacyRequestListSchema>;

/**
 * PUT /api/admin/privacy/requests/{id}: a status (possibly the same), an optional note, and the answer when the
 * status becomes `answered` (required then, refused otherwise). `version` is the one the administrator read.
 */
export const PrivacyRequestUpdateSchema = z.strictObject({
  version: z.number().int().positive(),
  status: PrivacyRequestStatusSchema,
  note: z.string().trim().min(1).max(PRIVACY_REQUEST_NOTE_MAX).optional(),
  answer: z.string().trim().min(1).max(PRIVACY_REQUEST_ANSWER_MAX).optional(),
});
export type PrivacyRequestUpdate = z.infer<typeof PrivacyRequestUpdateSchema>;

export const PrivacyRequestPathSchema = z.strictObject({ id: IdSchema });
