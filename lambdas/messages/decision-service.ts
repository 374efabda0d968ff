import { rejectionReason, type Message, type MessageDecision } from '@shared/contracts/messages-api';
import { auditPut } from '../common/audit';
import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { isDefiniteSendFailure, sendErrorName, type Mailer } from '../common/mailer';
import { getEntity } from '../directory/public';
import { decisionEmail } from './decision-email';
import { claimAuthorNotice, decideMessage, getMessage, recordAuthorNotice, type AuthorNoticeState } from './message-repository';
import { defaultMessageSendDeps } from './send-service';

/**
 * An administrator's decision on a class representative's message held for approval (docs/messages.md,
 * "Approval"): the decision and its audit entry in one conditional write, then one email to the author.
 *
 * - Sent twice (a double click, a retry after a lost answer, two administrators): the same decision again answers
 *   the message as decided, without a second write or email; the other decision is 409 CONFLICT.
 * - The email goes at most once: the decision leaves the author's notice `pending`, and only the request that
 *   claims it (a conditional write) sends it. A second request finds it claimed and sends nothing.
 * - The email never undoes or fails the decision: whatever goes wrong after the decision (no address, SES, the
 *   directory read) is recorded on the message and logged as a code with the message's id, and the route answers
 *   the decision. The reason is neither logged nor audited (the audit entry names the action and the message).
 */

/** What the email needs: the mailer, the clock and the app's public address (tests pass their own). */
export interface DecisionDeps {
  mailer: Mailer;
  now: () => Date;
  baseUrl: string;
}

export function defaultDecisionDeps(): DecisionDeps {
  const { mailer, now, baseUrl } = defaultMessageSendDeps();
  return { mailer, now, baseUrl };
}

/** Records the decision (once), tells the author (once), and answers the message as it now stands. */
export async function decide(id: string, input: MessageDecision, actorId: string, deps: DecisionDeps): Promise<Message> {
  const message = await getMessage(id);
  if (!message) throw new AppError('NOT_FOUND');
  const at = deps.now().toISOString();
  const reason = input.approve ? undefined : rejectionReason(input.reason);
  const decision = { approved: input.approve, at, ...(reason ? { reason } : {}) };
  const audit = auditPut({
    at,
    actor: { kind: 'user', id: actorId },
    action: input.approve ? 'message.approve' : 'message.reject',
    target: { type: 'MESSAGE', id },
  });
  if (message.status === 'pendingApproval') await decideMessage(id, decision, audit);
  // Ours, or the same decision made before (a double click, another administrator): answered alike.
  const decided = await getMessage(id);
  if (!decided || decided.decision?.approved !== input.approve) throw new AppError('CONFLICT');
  await tellAuthor(decided, deps);
  return decided;
}

type Outcome = { state: Exclude<AuthorNoticeState, 'pending' | 'sending'>; reason?: string };

/** Claims the author's notice and sends it; a failure is recorded and logged, never thrown. */
async function tellAuthor(message: Message, deps: DecisionDeps): Promise<void> {
  try {
    if (!(await claimAuthorNotice(message.id))) return;
    const outcome = await sendNotice(message, deps);
    await recordAuthorNotice(message.id, outcome.state, outcome.reason);
    if (outcome.state !== 'sent') logger.warn('message decision email not sent', { messageId: message.id, outcome: outcome.state, code: outcome.reason });
  } catch (error) {
    logger.warn('message decision email not sent', { messageId: message.id, code: sendErrorName(error) });
  }
}

async function sendNotice(message: Message, deps: DecisionDeps): Promise<Outcome> {
  const author = await getEntity(message.author.personType, message.author.personId);
  if (!author) return { state: 'skipped', reason: 'personRemoved' };
  if (!author.email) return { state: 'skipped', reason: 'noEmail' };
  const email = decisionEmail(author.email, { message, locale: author.preferredLanguage ?? 'fr', baseUrl: deps.baseUrl });
  try {
    const result = await deps.mailer.send(email);
    if (result.suppressed) return { state: 'skipped', reason: result.suppressed === 'bounce' ? 'addressBounced' : 'addressComplained' };
    return { state: 'sent' };
  } catch (error) {
    // A definite refusal is not tried again: the decision stands, and the author's page shows it.
    return { state: isDefiniteSendFailure(error) ? 'failed' : 'uncertain', reason: sendErrorName(error) };
  }
}
