import * as z from 'zod';
import { IdSchema, LanguageSchema } from '../schemas/common';
import { DirectoryParentSchema } from './directory-api';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, plainText } from './messages-api';

/**
 * Families near me, for carpooling (docs/messages.md, "Families near me"; docs/privacy.md, "Families near me"):
 * off until the parent turns it on; opted-in parents see the other opted-in families of the school whose postal
 * code starts with the same three characters (the FSA), with their children's classes, and write to them through
 * the school's sender. A neighbour's contact fields are the ones the visibility rule already shows this viewer.
 */

/** Messages a parent may send to neighbours in CARPOOL_QUOTA_DAYS days. */
export const CARPOOL_QUOTA = 10;
export const CARPOOL_QUOTA_DAYS = 7;

/** Why this member cannot turn it on: no parent record (staff only), or no postal code on file. */
export const CARPOOL_BLOCKS = ['notParent', 'noPostalCode'] as const;

export const NeighbourSchema = DirectoryParentSchema.omit({ childIndexes: true }).extend({
  /** The classes of their children, in school order (code and name). */
  classes: z.array(z.object({ id: IdSchema, code: z.string(), name: z.string() })),
});
export type Neighbour = z.infer<typeof NeighbourSchema>;

/** GET /api/me/carpool: the caller's choice, their FSA, and (when on) the neighbours. */
export const CarpoolResponseSchema = z.object({
  optedIn: z.boolean(),
  /** The caller's FSA (`H2X`), absent without a postal code. */
  fsa: z.string().optional(),
  blocked: z.enum(CARPOOL_BLOCKS).optional(),
  neighbours: z.array(NeighbourSchema),
  quota: z.object({ limit: z.number().int(), used: z.number().int(), days: z.number().int() }),
});
export type CarpoolResponse = z.infer<typeof CarpoolResponseSchema>;

/** PUT /api/me/carpool: turn it on or off (the screen's language goes in the consent log). */
export const CarpoolChoiceSchema = z.strictObject({ optedIn: z.boolean(), language: LanguageSchema });
export type CarpoolChoice = z.infer<typeof CarpoolChoiceSchema>;

/**
 * POST /api/carpool/messages: one message to one neighbour, written once in the author's language. `clientKey`
 * (made by the page once per message written, as for messages) makes a retry answer the first outcome instead of sending again.
 */
export const CarpoolMessageSchema = z
  .strictObject({
    to: IdSchema,
    clientKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    subject: plainText(MESSAGE_SUBJECT_MAX),
    body: plainText(MESSAGE_BODY_MAX),
    language: LanguageSchema,
    shareReplyTo: z.boolean(),
  })
  .superRefine((input, ctx) => {
    if (!input.subject.trim()) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'empty' });
    if (!input.body.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: 'empty' });
  });
export type CarpoolMessage = z.infer<typeof CarpoolMessageSchema>;

export const CARPOOL_SEND_STATES = ['sending', 'sent', 'uncertain', 'failed'] as const;
export const CarpoolSendResponseSchema = z.object({ state: z.enum(CARPOOL_SEND_STATES) });
