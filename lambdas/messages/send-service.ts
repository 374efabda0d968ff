import type { Message, MessageConsents } from '@shared/contracts/messages-api';
import type { Language } from '@shared/schemas/common';
import type { Suppression } from '@shared/rules/annual-update-bounces';
import { logger } from '../common/logger';
import { isDefiniteSendFailure, sendErrorName } from '../common/mailer';
import { listSuppressions } from '../common/suppression-repository';
import { getSettings, readDirectory } from '../directory/public';
import { createThrottle, defaultSendDeps, type SendDeps } from '../annual-update/public';
import { allConsents } from './consent-service';
import { messageEmail } from './message-email';
import { newUnsubscribeToken } from './unsubscribe-tokens';
import { claimDelivery, countsOf, getMessage, listDeliveries, recordDelivery, updateMessageState, type Delivery } from './message-repository';

/**
 * Sending a message (docs/messages.md, "Sending"): the campaign's paced sender's protocol, per recipient. Each
 * pending delivery is checked (still in the directory, an address, that kind accepted, the address not suppressed),
 * claimed with a conditional write, emailed, then recorded. A refusal SES certainly did not take (throttling
 * included) puts it back to pending for the next call, up to MAX_ATTEMPTS; an unknown outcome is recorded as
 * uncertain and never sent again: no duplicate after a retry or a throttle.
 */

export { hashUnsubscribeToken } from './unsubscribe-tokens';

/** What sending runs with: the campaign's send settings, less what only update links need (tests pass their own). */
export type MessageSendDeps = Pick<SendDeps, 'mailer' | 'now' | 'sleep' | 'ratePerSecond' | 'budgetMs' | 'maxPerCall' | 'baseUrl'>;

const MAX_ATTEMPTS = 3;

/**
 * The campaign's send settings (defaultSendDeps), but bigger chunks (a delivery needs no link to create) and a
 * shorter budget: the author's progress bar moves every second and a half or so, where a class's 46 emails showed
 * « 0 % » for their whole 4 to 5 s and then the end (a trial). More calls for a whole school, each a few reads.
 */
export const MESSAGE_SEND_BUDGET_MS = 1_500;
export function defaultMessageSendDeps(): MessageSendDeps {
  return { ...defaultSendDeps(), maxPerCall: 200, budgetMs: MESSAGE_SEND_BUDGET_MS };
}

interface Contact {
  email?: string;
  language: Language;
}

interface ChunkContext {
  message: Message;
  deps: MessageSendDeps;
  contacts: Map<string, Contact>;
  consents: Map<string, MessageConsents>;
  suppressions: ReadonlyMap<string, Suppression>;
  schoolName: string;
  /**
   * The one recipient each email address is sent for: two parents who share an address (a couple's family email)
   * get one email, not two identical ones with two unsubscribe links (a trial's couple did). The first, by recipient
   * key, of those who would get it: the same on every call, so a resumed sending never sends the other too.
   */
  firstAtAddress: ReadonlyMap<string, string>;
}

/** Why this recipient gets no email of its own (the address aside), or undefined when they would get one. */
function ownSkipReason(recipientKey: string, ctx: Omit<ChunkContext, 'firstAtAddress'>): string | undefined {
  const contact = ctx.contacts.get(recipientKey);
  if (!contact) return 'personRemoved';
  if (!contact.email) return 'noEmail';
  if (ctx.consents.get(recipientKey)?.[ctx.message.category] === false) return 'declined';
  const suppression = ctx.suppressions.get(contact.email);
  if (suppression) return suppression.reason === 'bounce' ? 'addressBounced' : 'addressComplained';
  return undefined;
}

const addressKey = (email: string) => email.trim().toLowerCase();

/** Why this recipient gets no email, or undefined when they get one (or share another's: `sharedWith`). */
const skipReason = (delivery: Delivery, ctx: ChunkContext): string | undefined => ownSkipReason(delivery.recipientKey, ctx);

/** The recipient whose email this one shares (the first at their address), or undefined when it is their own. */
function sharedWith(delivery: Delivery, ctx: ChunkContext): string | undefined {
  if (ownSkipReason(delivery.recipientKey, ctx)) return undefined;
  const first = ctx.firstAtAddress.get(addressKey(ctx.contacts.get(delivery.recipientKey)!.email!));
  return first === delivery.recipientKey ? undefined : first;
}

/** What a recipient sharing an address gets from that address's one email: its outcome, once it has one. */
const FOLLOWS: Partial<Record<Delivery['state'], Delivery['state']>> = { sent: 'sent', uncertain: 'uncertain', sending: 'uncertain', failed: 'failed', skipped: 'skipped' };

async function followShared(delivery: Delivery, first: Delivery | undefined): Promise<Delivery['state']> {
  const state = first && FOLLOWS[first.state];
  if (!state) return delivery.state; // Its email not tried yet: this one waits with it (a later call).
  return (await recordDelivery(delivery, 'pending', state, 'sameAddress')) ? state : delivery.state;
}

async function sendOne(delivery: Delivery, ctx: ChunkContext): Promise<Delivery['state']> {
  const reason = skipReason(delivery, ctx);
  if (reason) return (await recordDelivery(delivery, 'pending', 'skipped', reason)) ? 'skipped' : delivery.state;
  if (!(await claimDelivery(delivery))) return delivery.state;
  const contact = ctx.contacts.get(delivery.recipientKey)!;
  const target = { personType: delivery.personType, personId: delivery.personId, kind: ctx.message.category, language: contact.language };
  const token = await newUnsubscribeToken(target, ctx.deps.now());
  const content = messageEmail({ message: ctx.message, language: contact.language, schoolName: ctx.schoolName, baseUrl: ctx.deps.baseUrl, unsubscribeToken: token });
  try {
    const result = await ctx.deps.mailer.send({ to: contact.email!, ...content });
    if (result.suppressed) return (await recordDelivery(delivery, 'sending', 'skipped', 'addressBounced')) ? 'skipped' : 'sending';
  } catch (error) {
    const name = sendErrorName(error);
    logger.warn('message send failed', { messageId: delivery.messageId, error: name });
    if (!isDefiniteSendFailure(error)) return (await recordDelivery(delivery, 'sending', 'uncertain', name)) ? 'uncertain' : 'sending';
    const next = delivery.attempts + 1 >= MAX_ATTEMPTS ? 'failed' : 'pending';
    return (await recordDelivery(delivery, 'sending', next, name)) ? next : 'sending';
  }
  return (await recordDelivery(delivery, 'sending', 'sent')) ? 'sent' : 'sending';
}

async function chunkContext(message: Message, deps: MessageSendDeps, deliveries: readonly Delivery[]): Promise<ChunkContext> {
  const [directory, consents, suppressions, settings] = await Promise.all([readDirectory(), allConsents(), listSuppressions(), getSettings()]);
  const contacts = new Map<string, Contact>([
    ...directory.parents.map((p): [string, Contact] => [`PARENT#${p.id}`, { email: p.email, language: p.preferredLanguage }]),
    ...directory.staff.map((s): [string, Contact] => [`STAFF#${s.id}`, { email: s.email, language: s.preferredLanguage ?? 'fr' }]),
  ]);
  const schoolName = settings?.schoolName ?? '';
  const base = { message, deps, contacts, consents, suppressions, schoolName };
  const firstAtAddress = new Map<string, string>();
  for (const key of deliveries.map((d) => d.recipientKey).sort()) {
    const email = contacts.get(key)?.email;
    if (email && !ownSkipReason(key, base) && !firstAtAddress.has(addressKey(email))) firstAtAddress.set(addressKey(email), key);
  }
  return { ...base, firstAtAddress };
}

/**
 * One paced chunk of a message's emails, within the time budget (counted from the first email). Deliveries left `sending` when nothing is
 * pending any more (a worker that died after SES took the email, or before) are recorded as uncertain.
 */
export async function continueMessage(messageId: string, deps: MessageSendDeps): Promise<Message | undefined> {
  const message = await getMessage(messageId);
  if (!message || message.status !== 'sending') return message;
  const deliveries = await listDeliveries(messageId);
  const pending = deliveries.filter((d) => d.state === 'pending');
  if (pending.length > 0) {
    const ctx = await chunkContext(message, deps, deliveries);
    // The budget counts from the first email: the reads above come before it (about a second for a whole school),
    // well inside the function's 29 s timeout, so each call sends for its whole budget.
    const started = deps.now().getTime();
    const throttle = createThrottle(deps.ratePerSecond, () => deps.now().getTime(), deps.sleep);
    const interval = 1000 / deps.ratePerSecond;
    let processed = 0;
    const byKey = new Map(deliveries.map((d) => [d.recipientKey, d]));
    // In recipient order, so an address's one email is tried before those who share it.
    for (const delivery of [...pending].sort((a, b) => (a.recipientKey < b.recipientKey ? -1 : 1))) {
      if (processed >= deps.maxPerCall || deps.now().getTime() + interval > started + deps.budgetMs) break;
      const first = sharedWith(delivery, ctx);
      if (first !== undefined) {
        delivery.state = await followShared(delivery, byKey.get(first));
        continue;
      }
      if (!skipReason(delivery, ctx)) await throttle.wait();
      delivery.state = await sendOne(delivery, ctx);
      if (delivery.state === 'pending') delivery.attempts++;
      processed++;
    }
  } else {
    for (const stuck of deliveries.filter((d) => d.state === 'sending')) {
      if (await recordDelivery(stuck, 'sending', 'uncertain', 'Interrupted')) stuck.state = 'uncertain';
    }
  }
  const counts = countsOf(deliveries);
  const status = counts.pending === 0 ? 'sent' : 'sending';
  await updateMessageState(messageId, status, counts);
  return { ...message, status, counts };
}
