import { personKey, type Message, type MessagesResponse, type ReceivedMessage, type UnsubscribeResponse } from '@shared/contracts/messages-api';
import { AppError } from '../common/errors';
import { withheldRights } from './audiences';
import { authorKeys } from './audiences';
import { authorView, quotaOf, type AuthorContext } from './compose-service';
import { unsubscribe } from './consent-service';
import { listInbox, markRead } from './message-repository';
import { stopCarpoolByLink } from './carpool-service';
import { readUnsubscribeToken } from './unsubscribe-tokens';
import { readDirectory } from '../directory/public';

/** The Messages page (docs/messages.md, "In the app"): what the member received and sent, and what they may write. */

const newestFirst = <T extends { createdAt: string }>(list: T[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** A message as its recipient sees it: no counts, no approval; the author's address only when they shared it. */
function received(message: Message, readAt: string | undefined): ReceivedMessage {
  const { counts: _counts, decision: _decision, ...rest } = message;
  return { ...rest, ...(readAt ? { readAt } : {}) };
}

export async function messagesOf(ctx: AuthorContext): Promise<MessagesResponse> {
  const [view, inboxes] = await Promise.all([authorView(ctx), Promise.all(ctx.people.map((p) => listInbox(personKey(p.personType, p.personId))))]);
  const byId = new Map(view.messages.map((m) => [m.id, m]));
  const readAt = new Map<string, string | undefined>();
  for (const delivery of inboxes.flat()) readAt.set(delivery.messageId, readAt.get(delivery.messageId) ?? delivery.readAt);
  // Waiting for approval or refused: not delivered yet, or never.
  const inbox = [...readAt.keys()].flatMap((id) => {
    const message = byId.get(id);
    return message && (message.status === 'sending' || message.status === 'sent') ? [received(message, readAt.get(id))] : [];
  });
  const mine = authorKeys(ctx.people);
  const sent = view.messages.filter((m) => mine.has(personKey(m.author.personType, m.author.personId)));
  const { retryAfter, ...quota } = quotaOf(view, ctx.people, ctx.now);
  // Said before a message is written (a trial's fourth message was refused only once written and confirmed).
  const freesAt = quota.used >= quota.limit ? new Date(ctx.now.getTime() + retryAfter * 1000).toISOString() : undefined;
  return {
    received: newestFirst(inbox),
    sent: newestFirst(sent),
    unread: inbox.filter((m) => !m.readAt).length,
    audiences: view.options,
    withheld: withheldRights(ctx.people, view.directory, view.settings),
    quota: { ...quota, ...(freesAt ? { freesAt } : {}) },
  };
}

/** Marks a received message read (for each of the caller's records it reached); 404 when it reached none. */
export async function readMessage(ctx: AuthorContext, messageId: string): Promise<void> {
  const results = await Promise.all(ctx.people.map((p) => markRead(messageId, personKey(p.personType, p.personId), ctx.now.toISOString())));
  if (!results.some(Boolean)) throw new AppError('NOT_FOUND');
}

/** The person a token names and every other parent or staff member with the same email address. */
async function peopleAtAddressOf(target: { personType: 'PARENT' | 'STAFF'; personId: string }) {
  const directory = await readDirectory();
  const people = [
    ...directory.parents.map((p) => ({ personType: 'PARENT' as const, personId: p.id, email: p.email })),
    ...directory.staff.map((s) => ({ personType: 'STAFF' as const, personId: s.id, email: s.email })),
  ];
  const email = people.find((p) => p.personType === target.personType && p.personId === target.personId)?.email?.trim().toLowerCase();
  const others = email ? people.filter((p) => p.email?.trim().toLowerCase() === email && !(p.personType === target.personType && p.personId === target.personId)) : [];
  return [{ personType: target.personType, personId: target.personId }, ...others.map(({ personType, personId }) => ({ personType, personId }))];
}

/** The one-click unsubscribe: the token says who and what (a kind of message, or carpool); no session. Unknown or expired: 404. */
export async function unsubscribeByToken(token: string, now: Date): Promise<UnsubscribeResponse> {
  const target = await readUnsubscribeToken(token, now);
  if (!target) throw new AppError('TOKEN_INVALID');
  const { kind, language } = target;
  if (kind === 'carpool') await stopCarpoolByLink(target.personId, language, now.toISOString());
  else {
    // The email went to an address, perhaps shared (a couple's family email gets one email for both, send-service.ts):
    // the link stops this kind for everyone at that address, each recorded in their own consent log.
    for (const person of await peopleAtAddressOf(target)) await unsubscribe(person, kind, language, now.toISOString());
  }
  return { category: kind, language };
}
