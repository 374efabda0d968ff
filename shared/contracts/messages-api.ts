import * as z from 'zod';
import { IdSchema, IsoDateTimeSchema, LanguageSchema, LevelCodeSchema } from '../schemas/common';

/**
 * Messages to a class, a committee or the school (docs/messages.md). The server decides who may write to whom on
 * every request, from the directory and the messaging settings; these are the shapes both sides share.
 */

/** Longest subject and body, in characters, per language. Plain text with links: no markup, no attachment. */
export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5000;

/** Messages an author may send in MESSAGE_QUOTA_DAYS days (administrators, everyone else). */
export const MESSAGE_QUOTA_DAYS = 7;
export const MESSAGE_QUOTA = { admin: 20, author: 3 } as const;

/**
 * What a recipient accepts by email, one switch each (the privacy choices, docs/privacy.md "Messages"):
 * - school: from the school's parent committee and administrators (the whole school, a level, the staff);
 * - class: from my class's representatives and teachers;
 * - committee: from the committees I belong to.
 */
export const MESSAGE_CATEGORIES = ['school', 'class', 'committee'] as const;
export const MessageCategorySchema = z.enum(MESSAGE_CATEGORIES);
export type MessageCategory = z.infer<typeof MessageCategorySchema>;

export const MessageConsentsSchema = z.strictObject({
  school: z.boolean(),
  class: z.boolean(),
  committee: z.boolean(),
});
export type MessageConsents = z.infer<typeof MessageConsentsSchema>;

/** Defaults justified in docs/privacy.md ("Messages"): not commercial (CASL), the school's own purpose (Law 25). */
export const DEFAULT_MESSAGE_CONSENTS: MessageConsents = { school: true, class: true, committee: true };

export const AudienceSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('school') }),
  z.strictObject({ type: z.literal('level'), level: LevelCodeSchema }),
  z.strictObject({ type: z.literal('class'), classId: IdSchema }),
  z.strictObject({ type: z.literal('committee'), committeeId: IdSchema }),
  z.strictObject({ type: z.literal('staff') }),
]);
export type Audience = z.infer<typeof AudienceSchema>;

/** A control character other than a tab or a line break. */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return (code < 32 && char !== '\t' && char !== '\n' && char !== '\r') || code === 127;
};

/**
 * Text pasted from a word processor as the person meant it: Word's manual line break (Shift+Enter, a vertical tab),
 * a page break and the Unicode line and paragraph separators become line breaks; any other control character, which
 * no one can see, goes (a trial's pasted text was refused « Cette valeur n'est pas valide » for an invisible one).
 */
export const pastedText = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u000b\u000c\u2028\u2029]/g, '\n').replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, '');

/**
 * A web address in a message's text, made clickable in the email's HTML part and on /messages: http:// or https://
 * to the next space, quote or angle bracket; punctuation that ends a sentence (« voir https://ecole.example. »)
 * stays out of it. Global: use it with `matchAll` or `replace`.
 */
export const MESSAGE_LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/gi;

/** Text without control characters other than line breaks and tabs (a message's, and a message to a neighbour). */
export const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => ![...text].some(isControl), { error: 'control_character' });

const LocalizedOptionalSchema = (max: number) =>
  z.strictObject({ fr: plainText(max).optional(), en: plainText(max).optional() });

/** POST /api/messages: written once (either language) or in both; each language has a subject and a body. */
export const ComposeMessageSchema = z
  .strictObject({
    audience: AudienceSchema,
    subject: LocalizedOptionalSchema(MESSAGE_SUBJECT_MAX),
    body: LocalizedOptionalSchema(MESSAGE_BODY_MAX),
    /** A reply goes to the author's address only when they choose it; otherwise the email says to answer in the app. */
    shareReplyTo: z.boolean(),
    /**
     * Chosen by the author's page once per message written (a retried or double-clicked send repeats it): the
     * server creates one message per author and key (docs/messages.md, "Sending").
     */
    clientKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  })
  .superRefine((input, ctx) => {
    const languages = (['fr', 'en'] as const).filter((l) => input.subject[l]?.trim() || input.body[l]?.trim());
    if (languages.length === 0) ctx.addIssue({ code: 'custom', path: ['body'], message: 'empty' });
    for (const language of languages) {
      if (!input.subject[language]?.trim()) ctx.addIssue({ code: 'custom', path: ['subject', language], message: 'empty' });
      if (!input.body[language]?.trim()) ctx.addIssue({ code: 'custom', path: ['body', language], message: 'empty' });
    }
  });
export type ComposeMessage = z.infer<typeof ComposeMessageSchema>;

export const LocalizedTextOptionalSchema = z.object({ fr: z.string().optional(), en: z.string().optional() });
const LabelSchema = z.object({ fr: z.string(), en: z.string() });

/** An audience the caller may write to, with its name in both languages and who the recipients are. */
export const AudienceOptionSchema = z.object({
  audience: AudienceSchema,
  label: LabelSchema,
  /** The author's role for this audience, shown in the email's display name and body. */
  role: LabelSchema,
  category: MessageCategorySchema,
  /** Whether an administrator approves it before it is sent (the representatives' approval setting). */
  needsApproval: z.boolean(),
  /** How many people it reaches now, the author excepted (by email or, without one, in the app). */
  recipients: z.number().int().nonnegative(),
  /** Of them, how many read each language (their record's preferred language; staff without one read French). */
  readers: z.object({ fr: z.number().int().nonnegative(), en: z.number().int().nonnegative() }).optional(),
});
export type AudienceOption = z.infer<typeof AudienceOptionSchema>;

export const MESSAGE_STATUSES = ['pendingApproval', 'sending', 'sent', 'rejected'] as const;

export const MessageCountsSchema = z.object({
  recipients: z.number().int(),
  /** Emails to send still. */
  pending: z.number().int(),
  sent: z.number().int(),
  /** No email: declined that kind of message, no address, or the address bounced. They read it in the app. */
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type MessageCounts = z.infer<typeof MessageCountsSchema>;

export const MessageSchema = z.object({
  id: IdSchema,
  createdAt: IsoDateTimeSchema,
  author: z.object({ name: z.string(), role: LabelSchema, personType: z.enum(['PARENT', 'STAFF']), personId: IdSchema }),
  audience: AudienceSchema,
  audienceLabel: LabelSchema,
  category: MessageCategorySchema,
  subject: LocalizedTextOptionalSchema,
  body: LocalizedTextOptionalSchema,
  /** Present only when the author chose to share it. */
  replyTo: z.string().optional(),
  status: z.enum(MESSAGE_STATUSES),
  counts: MessageCountsSchema,
  /**
   * An administrator's decision on a message held for approval (docs/messages.md, "Approval"): when, and a refusal's
   * reason when one was given. Its author and the administrators see it; recipients never do.
   */
  decision: z.object({ approved: z.boolean(), at: IsoDateTimeSchema, reason: z.string().optional() }).optional(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ReceivedMessageSchema = MessageSchema.omit({ counts: true, replyTo: true, decision: true }).extend({
  readAt: IsoDateTimeSchema.optional(),
  replyTo: z.string().optional(),
});
export type ReceivedMessage = z.infer<typeof ReceivedMessageSchema>;

/** Rights a member's role would give that the settings turn off, or that an administrator withdrew. */
export const WITHHELD_RIGHTS = ['classRepresentatives', 'teachers', 'committeeChairs', 'withdrawn'] as const;
export type WithheldRight = (typeof WITHHELD_RIGHTS)[number];

/**
 * GET /api/messages: what the member received and sent, the unread count, the audiences they may write to, and
 * why a role of theirs offers none (`withheld`).
 */
export const MessagesResponseSchema = z.object({
  received: z.array(ReceivedMessageSchema),
  sent: z.array(MessageSchema),
  unread: z.number().int(),
  audiences: z.array(AudienceOptionSchema),
  withheld: z.array(z.enum(WITHHELD_RIGHTS)),
  quota: z.object({
    limit: z.number().int(),
    used: z.number().int(),
    days: z.number().int(),
    /** When the limit is reached: the moment the oldest message of the window leaves it (one more may be written). */
    freesAt: IsoDateTimeSchema.optional(),
  }),
});
export type MessagesResponse = z.infer<typeof MessagesResponseSchema>;

/** POST /api/messages/{id}/continue (the author or an administrator): one paced chunk; the message's progress. */
export const MessageProgressSchema = z.object({ message: MessageSchema, done: z.boolean() });
export type MessageProgress = z.infer<typeof MessageProgressSchema>;

/** Which kinds of author may write (administrators always may), and the representatives' approval. */
export const MessageSettingsSchema = z.strictObject({
  classRepresentatives: z.boolean(),
  committeeChairs: z.boolean(),
  teachers: z.boolean(),
  approveRepresentatives: z.boolean(),
  /** Authors whose right an administrator withdrew: `PARENT#<id>` or `STAFF#<id>`. */
  withdrawn: z.array(z.string().regex(/^(PARENT|STAFF)#[A-Za-z0-9_-]{1,64}$/)).max(500),
  /**
   * The version read (0 before the first save). PUT /api/admin/messages/settings is refused (409 CONFLICT) unless it
   * is still the stored one, so a save from a stale screen never undoes a withdrawal or a restore made meanwhile.
   */
  version: z.number().int().min(0),
});
export type MessageSettings = z.infer<typeof MessageSettingsSchema>;

/** Teachers writing to their classes' parents is off until the school turns it on (issue's "if the settings allow"). */
export const DEFAULT_MESSAGE_SETTINGS: MessageSettings = {
  classRepresentatives: true,
  committeeChairs: true,
  teachers: false,
  approveRepresentatives: false,
  withdrawn: [],
  version: 0,
};

/** GET /api/admin/messages: every message sent (the log) and the settings. */
export const AdminMessagesResponseSchema = z.object({ messages: z.array(MessageSchema), settings: MessageSettingsSchema });
export type AdminMessagesResponse = z.infer<typeof AdminMessagesResponseSchema>;

/** Longest reason an administrator may give for refusing a message, in characters: a short paragraph or two. */
export const MESSAGE_REJECTION_REASON_MAX = 1000;

/**
 * POST /api/admin/messages/{id}/decision (docs/messages.md, "Approval"). A refusal may say why, for its author: plain
 * text of at most MESSAGE_REJECTION_REASON_MAX characters (the administrator's dialog checks it with this schema
 * too), stored on the message, emailed to the author and shown on their page, never logged. An approval has none.
 */
export const MessageDecisionSchema = z
  .strictObject({ approve: z.boolean(), reason: plainText(MESSAGE_REJECTION_REASON_MAX).optional() })
  .refine((decision) => !decision.approve || decision.reason === undefined, { path: ['reason'], error: 'reason_with_approval' });
export type MessageDecision = z.infer<typeof MessageDecisionSchema>;

/** A refusal's reason as stored and shown: trimmed; blank is no reason. */
export const rejectionReason = (reason: string | undefined): string | undefined => reason?.trim() || undefined;

/** GET and PUT /api/me/message-consents: a member's choices (defaults when never chosen). */
export const MessageConsentsUpdateSchema = z.strictObject({ consents: MessageConsentsSchema, language: LanguageSchema });
export const MessageConsentsResponseSchema = z.object({ consents: MessageConsentsSchema });

/** What an email's one-click link stops: a kind of message, or « Trouver des familles près de chez moi » (carpool). */
export const UNSUBSCRIBE_KINDS = [...MESSAGE_CATEGORIES, 'carpool'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** POST /api/messages/unsubscribe?token=...: one click, no session (RFC 8058); answers which kind was stopped. */
export const UnsubscribeResponseSchema = z.object({ category: z.enum(UNSUBSCRIBE_KINDS), language: LanguageSchema });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;

/** The person key used for authors and recipients. */
export const personKey = (personType: 'PARENT' | 'STAFF', personId: string) => `${personType}#${personId}`;
