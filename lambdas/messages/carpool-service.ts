import { ulid } from 'ulid';
import {
  CARPOOL_QUOTA,
  CARPOOL_QUOTA_DAYS,
  type CarpoolChoice,
  type CarpoolMessage,
  type CarpoolResponse,
} from '@shared/contracts/carpool-api';
import { ConsentEntrySchema, type ConsentEntry } from '@shared/contracts/privacy-consent-api';
import type { Language } from '@shared/schemas/common';
import type { Parent } from '@shared/schemas/parent';
import { fsaOf, neighboursOf } from '@shared/rules/carpool';
import { audiencesOf } from '@shared/rules/visibility';
import type { RegisteredPerson } from '../common/claims';
import { AppError } from '../common/errors';
import { isDefiniteSendFailure, sendErrorName, type Mailer } from '../common/mailer';
import { logger } from '../common/logger';
import { getSuppression } from '../common/suppression-repository';
import { buildDirectoryResponse, currentNoticeVersion, getEntity, getSettings, readDirectory, viewerOf, type ConsentSource } from '../directory/public';
import { carpoolEmail } from './carpool-email';
import { defaultMessageSendDeps, type MessageSendDeps } from './send-service';
import { newUnsubscribeToken } from './unsubscribe-tokens';
import { claimSend, getSend, hasOptIn, listOptIns, recordSend, sentSince, writeOptIn, type CarpoolSendState } from './carpool-repository';

/**
 * Families near me (docs/messages.md, "Families near me"): the parent's choice (off until they turn it on,
 * recorded in the consent log), the other opted-in families of their FSA as the directory shows them to this
 * viewer (shared/rules/carpool.ts over shared/rules/visibility.ts), and one message to one of them at a time.
 */

/** The messages' sender: its mailer, clock and public address (tests pass their own). */
export type CarpoolDeps = Pick<MessageSendDeps, 'mailer' | 'now' | 'baseUrl'>;

export const defaultCarpoolDeps = (): CarpoolDeps => defaultMessageSendDeps();

/** Everything a carpool answer reads: the directory, who opted in, and the caller's own parent records. */
async function readContext(people: readonly RegisteredPerson[]) {
  const [directory, optIns] = await Promise.all([readDirectory(), listOptIns()]);
  const parentIds = new Set(people.filter((p) => p.personType === 'PARENT').map((p) => p.personId));
  const mine = directory.parents.filter((p) => parentIds.has(p.id));
  const fsa = mine.map((p) => fsaOf(p.address?.postalCode)).find((f) => f !== undefined);
  const visible = buildDirectoryResponse(directory, viewerOf(people));
  const neighbours = neighboursOf({ parents: directory.parents, visible, optedIn: optIns, viewerParentIds: parentIds });
  return { directory, optIns, mine, fsa, neighbours };
}

const windowStart = (now: Date) => new Date(now.getTime() - CARPOOL_QUOTA_DAYS * 86_400_000).toISOString();

/** The messages that count against the quota: all but those SES certainly refused. */
async function recentSends(authorId: string, now: Date) {
  return (await sentSince(authorId, windowStart(now))).filter((r) => r.state !== 'failed');
}

export async function carpoolView(people: readonly RegisteredPerson[], now: Date): Promise<CarpoolResponse> {
  const { mine, fsa, optIns, neighbours } = await readContext(people);
  const used = mine[0] ? (await recentSends(mine[0].id, now)).length : 0;
  const quota = { limit: CARPOOL_QUOTA, used, days: CARPOOL_QUOTA_DAYS };
  if (mine.length === 0) return { optedIn: false, blocked: 'notParent', neighbours: [], quota };
  const optedIn = mine.some((p) => optIns.has(p.id));
  if (!fsa) return { optedIn, blocked: 'noPostalCode', neighbours: [], quota };
  return { optedIn, fsa, neighbours: optedIn ? neighbours : [], quota };
}

/** Turns it on or off for each of the caller's parent records, each change with its consent-log entry. */
export async function setCarpool(people: readonly RegisteredPerson[], choice: CarpoolChoice, at: string): Promise<void> {
  const { mine, fsa, optIns } = await readContext(people);
  if (mine.length === 0) throw new AppError('CARPOOL_NOT_A_PARENT');
  if (choice.optedIn && !fsa) throw new AppError('CARPOOL_NO_POSTAL_CODE');
  for (const parent of mine) {
    if (optIns.has(parent.id) === choice.optedIn) continue;
    const entry = await carpoolEntry(parent, choice.optedIn, { by: 'parent', channel: 'myProfile', at, language: choice.language });
    await writeOptIn(parent.id, choice.optedIn, entry, at);
  }
}

/** The consent-log entry of a change of the choice (the participation and audiences in force, unchanged). */
async function carpoolEntry(parent: Parent, optedIn: boolean, source: Omit<ConsentSource, 'noticeVersion'>): Promise<ConsentEntry> {
  const state = { participation: parent.participation, audiences: audiencesOf(parent) };
  return ConsentEntrySchema.parse({
    id: ulid(Date.parse(source.at)),
    parentId: parent.id,
    ...source,
    noticeVersion: await currentNoticeVersion(),
    before: { ...state, carpool: !optedIn },
    after: { ...state, carpool: optedIn },
  });
}

/**
 * The one-click link of a neighbour's email (docs/messages.md, "Families near me"): turns the choice off for that
 * parent record, with its consent-log entry; nothing when it is already off or the parent is gone.
 */
export async function stopCarpoolByLink(parentId: string, language: Language, at: string): Promise<void> {
  const [parent, optedIn] = await Promise.all([getEntity('PARENT', parentId), hasOptIn(parentId)]);
  if (!parent || !optedIn) return;
  const entry = await carpoolEntry(parent, false, { by: 'unsubscribeLink', channel: 'emailUnsubscribe', at, language });
  await writeOptIn(parentId, false, entry, at);
}

/** The neighbour's address the email goes to, or why none may be used. */
async function reachableEmail(recipient: Parent | undefined): Promise<string> {
  if (!recipient?.email || (await getSuppression(recipient.email))) throw new AppError('CARPOOL_UNREACHABLE');
  return recipient.email;
}

/**
 * One message to one neighbour. A neighbour is only someone this caller finds in their own list (anyone else,
 * opted in or not, is 404, the answer of an unknown id). The attempt is recorded before SES is called, so a retry
 * with the same request id answers the first outcome and never sends twice.
 */
export async function writeToNeighbour(
  author: { people: readonly RegisteredPerson[]; email: string },
  input: CarpoolMessage,
  deps: CarpoolDeps,
): Promise<{ state: CarpoolSendState }> {
  const { directory, mine, fsa, neighbours } = await readContext(author.people);
  const me = mine[0];
  if (!me) throw new AppError('CARPOOL_NOT_A_PARENT');
  const earlier = await getSend(me.id, input.clientKey);
  if (earlier) return { state: earlier.state };
  if (!fsa || !neighbours.some((n) => n.id === input.to)) throw new AppError('NOT_FOUND');
  const now = deps.now();
  const recent = await recentSends(me.id, now);
  if (recent.length >= CARPOOL_QUOTA) {
    const oldest = recent.map((r) => r.createdAt).sort()[0]!;
    const retryAfter = Math.ceil((Date.parse(oldest) + CARPOOL_QUOTA_DAYS * 86_400_000 - now.getTime()) / 1000);
    throw new AppError('CARPOOL_QUOTA', undefined, undefined, Math.max(60, retryAfter));
  }
  const recipient = directory.parents.find((p) => p.id === input.to);
  const to = await reachableEmail(recipient);
  const record = { authorId: me.id, clientKey: input.clientKey, recipientId: input.to, createdAt: now.toISOString(), state: 'sending' as const };
  if (!(await claimSend(record))) return { state: (await getSend(me.id, input.clientKey))?.state ?? 'sending' };
  const settings = await getSettings();
  const authorName = `${me.firstName} ${me.lastName}`;
  const language = recipient!.preferredLanguage;
  const unsubscribeToken = await newUnsubscribeToken({ personType: 'PARENT', personId: input.to, kind: 'carpool', language }, now);
  const content = carpoolEmail({
    authorName,
    fsa,
    subject: input.subject.trim(),
    body: input.body.trim(),
    ...(input.shareReplyTo ? { replyTo: author.email } : {}),
    language,
    schoolName: settings?.schoolName ?? '',
    baseUrl: deps.baseUrl,
    unsubscribeToken,
  });
  return { state: await deliver(me.id, input.clientKey, () => deps.mailer.send({ to, ...content })) };
}

/** Calls SES once and records the outcome: sent, failed (SES certainly refused it) or uncertain (never resent). */
async function deliver(authorId: string, clientKey: string, send: () => ReturnType<Mailer['send']>): Promise<CarpoolSendState> {
  try {
    const result = await send();
    if (result.suppressed) {
      await recordSend(authorId, clientKey, 'failed');
      throw new AppError('CARPOOL_UNREACHABLE');
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const name = sendErrorName(error);
    logger.warn('carpool message failed', { error: name });
    const state = isDefiniteSendFailure(error) ? 'failed' : 'uncertain';
    await recordSend(authorId, clientKey, state);
    if (state === 'failed') throw new AppError('SERVICE_UNAVAILABLE');
    return state;
  }
  await recordSend(authorId, clientKey, 'sent');
  return 'sent';
}
