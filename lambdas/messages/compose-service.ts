import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import {
  MESSAGE_QUOTA,
  MESSAGE_QUOTA_DAYS,
  personKey,
  type AudienceOption,
  type ComposeMessage,
  type Message,
  type MessageSettings,
} from '@shared/contracts/messages-api';
import type { Caller, RegisteredPerson } from '../common/claims';
import { writeAudit } from '../common/audit';
import { AppError } from '../common/errors';
import { getSettings, readDirectory } from '../directory/public';
import { hasAdminAccess } from '../registry/public';
import { audienceKey, audienceOptions, authorKeys, recipientsOf, type Recipient } from './audiences';
import { createMessage, getMessageSettings, listMessages, messageOfClientKey } from './message-repository';

/**
 * Writing a message (docs/messages.md, "Who may write", "Limits"): the server finds the audiences this caller may
 * use now, from the directory and the settings, counts their messages of the last days against the quota, then
 * stores the message with one delivery per person of the audience.
 */

export interface AuthorContext {
  caller: Caller;
  people: readonly RegisteredPerson[];
  now: Date;
}

export interface AuthorView {
  options: AudienceOption[];
  isAdmin: boolean;
  settings: MessageSettings;
  messages: Message[];
  directory: Awaited<ReturnType<typeof readDirectory>> & { settings?: Awaited<ReturnType<typeof getSettings>> };
}

/** What the caller may write to now, and the log (for the quota and their sent messages). */
export async function authorView(ctx: AuthorContext): Promise<AuthorView> {
  const [directory, schoolSettings, settings, isAdmin, messages] = await Promise.all([
    readDirectory(),
    getSettings(),
    getMessageSettings(),
    hasAdminAccess(ctx.caller.email, ctx.now),
    listMessages(),
  ]);
  const withSettings = { ...directory, ...(schoolSettings ? { settings: schoolSettings } : {}) };
  return { options: audienceOptions(ctx.people, isAdmin, withSettings, settings), isAdmin, settings, messages, directory: withSettings };
}

/** The quota in force for this caller and how much of it is used (messages not rejected, in the window). */
export function quotaOf(view: Pick<AuthorView, 'isAdmin' | 'messages'>, people: readonly RegisteredPerson[], now: Date) {
  const mine = authorKeys(people);
  const since = new Date(now.getTime() - MESSAGE_QUOTA_DAYS * 86_400_000).toISOString();
  const recent = view.messages.filter(
    (m) => mine.has(personKey(m.author.personType, m.author.personId)) && m.createdAt > since && m.status !== 'rejected',
  );
  const limit = view.isAdmin ? MESSAGE_QUOTA.admin : MESSAGE_QUOTA.author;
  const oldest = recent.map((m) => m.createdAt).sort()[0];
  const retryAfter = oldest ? Math.max(60, Math.ceil((Date.parse(oldest) + MESSAGE_QUOTA_DAYS * 86_400_000 - now.getTime()) / 1000)) : 60;
  return { limit, used: recent.length, days: MESSAGE_QUOTA_DAYS, retryAfter };
}

/** The author's person for this option: the staff record for a teacher, else the parent record when there is one. */
function authorPerson(people: readonly RegisteredPerson[], option: AudienceOption): RegisteredPerson {
  const wanted = option.role.en === 'Class teacher' ? 'STAFF' : 'PARENT';
  return people.find((p) => p.personType === wanted) ?? people[0]!;
}

function trimmed(text: ComposeMessage['body']): Message['body'] {
  return {
    ...(text.fr?.trim() ? { fr: text.fr.trim() } : {}),
    ...(text.en?.trim() ? { en: text.en.trim() } : {}),
  };
}

/** The client key's stored name: a hash of the caller and the key, so one author's key never meets another's. */
const clientKeyHash = (caller: Caller, clientKey: string) => createHash('sha256').update(`${caller.sub}\n${clientKey}`).digest('base64url');

/**
 * Writes a message once per client key (docs/messages.md, "Sending"): a retried or double-clicked send answers the
 * message the first one created, before any quota or audience check, so it counts once against the quota.
 */
export async function composeMessage(ctx: AuthorContext, input: ComposeMessage): Promise<Message> {
  const keyHash = clientKeyHash(ctx.caller, input.clientKey);
  const earlier = await messageOfClientKey(keyHash);
  if (earlier) return earlier;
  const { message, recipients } = await newMessage(ctx, input);
  if (!(await createMessage(message, recipients, keyHash))) {
    // Another request with the same key won the race: answer its message.
    const winner = await messageOfClientKey(keyHash);
    if (!winner) throw new AppError('CONFLICT');
    return winner;
  }
  await writeAudit({
    at: message.createdAt,
    actor: { kind: 'user', id: ctx.caller.sub },
    action: 'message.send',
    target: { type: 'MESSAGE', id: message.id },
    count: recipients.length,
  });
  return message;
}

/** The message this caller may write now (audience allowed, quota left), with its recipients; nothing is written. */
async function newMessage(ctx: AuthorContext, input: ComposeMessage): Promise<{ message: Message; recipients: Recipient[] }> {
  const view = await authorView(ctx);
  const option = view.options.find((o) => audienceKey(o.audience) === audienceKey(input.audience));
  if (!option) {
    const withdrawn = ctx.people.some((p) => view.settings.withdrawn.includes(personKey(p.personType, p.personId)));
    throw new AppError(withdrawn ? 'MESSAGE_RIGHT_WITHDRAWN' : 'MESSAGE_AUDIENCE_NOT_ALLOWED');
  }
  const quota = quotaOf(view, ctx.people, ctx.now);
  if (quota.used >= quota.limit) throw new AppError('MESSAGE_QUOTA', undefined, undefined, quota.retryAfter);
  const author = authorPerson(ctx.people, option);
  const recipients = recipientsOf(input.audience, view.directory, authorKeys(ctx.people));
  const message: Message = {
    id: ulid(ctx.now.getTime()),
    createdAt: ctx.now.toISOString(),
    author: { name: author.displayName, role: option.role, personType: author.personType, personId: author.personId },
    audience: input.audience,
    audienceLabel: option.label,
    category: option.category,
    subject: trimmed(input.subject),
    body: trimmed(input.body),
    ...(input.shareReplyTo ? { replyTo: ctx.caller.email } : {}),
    status: option.needsApproval ? 'pendingApproval' : 'sending',
    counts: { recipients: recipients.length, pending: recipients.length, sent: 0, skipped: 0, failed: 0 },
  };
  return { message, recipients };
}
