import { ulid } from 'ulid';
import {
  PRIVACY_REQUEST_FILINGS_PER_HOUR,
  PRIVACY_REQUEST_OPEN_MAX,
  PRIVACY_REQUEST_TRANSITIONS,
  isOpenStatus,
  privacyRequestDueAt,
  requestReference,
  type EmailStatus,
  type MyPrivacyRequests,
  type PrivacyRequest,
  type PrivacyRequestKind,
  type PrivacyRequestList,
  type PrivacyRequestReceipt,
  type PrivacyRequestUpdate,
  type PrivacyRequestView,
} from '@shared/contracts/privacy-requests-api';
import type { Parent } from '@shared/schemas/parent';
import { usableUpdateLink } from '../annual-update/public';
import type { Actor } from '../common/audit';
import type { RegisteredPerson } from '../common/claims';
import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { hitRateLimit, type RateLimitRule } from '../common/rate-limit';
import { defaultMailer, sendErrorName, type Mailer } from '../common/mailer';
import { getEntity } from '../directory/public';
import { getSettings } from '../directory/public';
import { answerEmail, receiptEmail, requestNoticeEmail, type RenderedRequestEmail } from './request-email';
import { publicBaseUrl } from '../common/env';
import { getPrivacyRequest, listPrivacyRequests, savePrivacyRequest } from './request-repository';

/**
 * Privacy requests (docs/privacy.md): filing (by a signed-in parent or an update-link holder), the administrators'
 * queue, and its updates. The clock and the mailer come in as `deps`, so tests set the day and read the mail.
 */
export interface RequestDeps {
  now: () => Date;
  mailer: Mailer;
}

export const defaultRequestDeps = (): RequestDeps => ({ now: () => new Date(), mailer: defaultMailer() });

export interface NewRequest {
  kind: PrivacyRequestKind;
  details: string;
}

/** The caller's parent record: the one named, or their only one (staff without a parent record have none). */
async function callerParent(people: RegisteredPerson[], parentId: string | undefined): Promise<Parent> {
  const parents = people.filter((p) => p.personType === 'PARENT');
  if (parents.length === 0) throw new AppError('NOT_FOUND');
  if (parentId === undefined && parents.length > 1) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'parentId', issue: 'invalid_type' }]);
  }
  const chosen = parentId ?? parents[0]!.personId;
  if (!parents.some((p) => p.personId === chosen)) throw new AppError('FORBIDDEN');
  const parent = await getEntity('PARENT', chosen);
  if (!parent) throw new AppError('NOT_FOUND');
  return parent;
}

export async function fileAsMember(
  people: RegisteredPerson[],
  input: NewRequest & { parentId?: string },
  actorId: string,
  deps: RequestDeps,
): Promise<PrivacyRequestReceipt> {
  const parent = await callerParent(people, input.parentId);
  return fileRequest(parent, input, 'profile', { kind: 'user', id: actorId }, deps);
}

/**
 * The parent an update link belongs to, under the same rules as opening the link (docs/annual-update.md): unknown,
 * malformed or revoked -> TOKEN_INVALID; past its expiry or its campaign closed -> TOKEN_EXPIRED. Reads only.
 */
async function linkHolder(token: string, now: Date): Promise<Parent> {
  const { stored } = await usableUpdateLink(token, now);
  const parent = await getEntity('PARENT', stored.parentId);
  if (!parent) throw new AppError('TOKEN_INVALID');
  return parent;
}

export async function fileByLink(token: string, input: NewRequest, deps: RequestDeps): Promise<PrivacyRequestReceipt> {
  const parent = await linkHolder(token, deps.now());
  return fileRequest(parent, input, 'link', { kind: 'token', id: parent.id }, deps);
}

/** Filings per parent per hour, by either route and from any address: each one emails the parent a receipt. */
const FILINGS_PER_PARENT: RateLimitRule = { name: 'privacyRequestParent', limit: PRIVACY_REQUEST_FILINGS_PER_HOUR, windowSeconds: 3600 };

/**
 * The parent's own bounds, checked before anything is written (docs/privacy.md, "Privacy requests"): the client
 * address limits of the routes do not stop one link or account used from many addresses. At most
 * PRIVACY_REQUEST_OPEN_MAX open requests (the queue is read whole: a handful a year), and
 * PRIVACY_REQUEST_FILINGS_PER_HOUR filings an hour (a counter, so simultaneous filings cannot all pass).
 */
async function checkParentBounds(parent: Parent, now: Date): Promise<void> {
  const open = (await listPrivacyRequests()).filter((r) => r.requester.parentId === parent.id && isOpenStatus(r.status));
  if (open.length >= PRIVACY_REQUEST_OPEN_MAX) throw new AppError('PRIVACY_REQUEST_OPEN_LIMIT');
  const hourly = await hitRateLimit(FILINGS_PER_PARENT, parent.id, now.getTime());
  if (!hourly.allowed) throw new AppError('PRIVACY_REQUEST_HOURLY_LIMIT', undefined, undefined, hourly.retryAfterSeconds);
}

async function fileRequest(
  parent: Parent,
  input: NewRequest,
  via: PrivacyRequest['via'],
  actor: Actor,
  deps: RequestDeps,
): Promise<PrivacyRequestReceipt> {
  const received = deps.now();
  await checkParentBounds(parent, received);
  const at = received.toISOString();
  const request: PrivacyRequest = {
    id: ulid(received.getTime()),
    kind: input.kind,
    details: input.details,
    requester: {
      parentId: parent.id,
      name: `${parent.firstName} ${parent.lastName}`,
      ...(parent.email ? { email: parent.email } : {}),
      language: parent.preferredLanguage,
    },
    via,
    receivedAt: at,
    dueAt: privacyRequestDueAt(received).toISOString(),
    status: 'received',
    notes: [],
    emails: { receipt: parent.email ? 'pending' : 'none' },
    version: 1,
    updatedAt: at,
  };
  await savePrivacyRequest(request, 'create', {
    at,
    actor,
    action: 'privacyRequest.file',
    target: { type: 'PRIVACY_REQUEST', id: request.id },
    fields: ['kind', 'details'],
  });
  logger.info('privacy request filed', { requestId: request.id, via });
  const saved = await emailRequester(request, 'receipt', actor, deps);
  await notifyPersonInCharge(request, deps);
  return { id: saved.id, status: saved.status, receivedAt: saved.receivedAt, dueAt: saved.dueAt };
}

/**
 * Tells the person in charge (the school's contact address, the one the policy names) that a request arrived, with
 * its due date and a link to the queue; nothing about the requester. A failure is logged and leaves the request
 * filed: the dashboard's card still counts it.
 */
async function notifyPersonInCharge(request: PrivacyRequest, deps: RequestDeps): Promise<void> {
  try {
    const to = (await getSettings())?.contact.email;
    if (!to) return;
    const notice = requestNoticeEmail({
      kind: request.kind,
      reference: requestReference(request.id),
      receivedAt: new Date(request.receivedAt),
      dueAt: new Date(request.dueAt),
      queueUrl: `${publicBaseUrl()}/admin/privacy-requests`,
    });
    await deps.mailer.send({ to, ...notice });
  } catch (error) {
    logger.warn('privacy request notice not sent', { requestId: request.id, errorName: sendErrorName(error) });
  }
}

function render(request: PrivacyRequest, which: 'receipt' | 'answer', schoolName: string, contactEmail?: string): RenderedRequestEmail {
  const input = {
    ...(contactEmail ? { contactEmail } : {}),
    locale: request.requester.language,
    name: request.requester.name,
    kind: request.kind,
    reference: requestReference(request.id),
    schoolName,
    receivedAt: new Date(request.receivedAt),
    dueAt: new Date(request.dueAt),
  };
  return which === 'receipt' ? receiptEmail(input) : answerEmail({ ...input, answer: request.answer?.text ?? '' });
}

/**
 * Sends the receipt or the answer, then records how it went (a second audited write). The request is saved
 * first: a failed send leaves it filed or answered, with the email marked `failed` for the administrators.
 */
async function emailRequester(
  request: PrivacyRequest,
  which: 'receipt' | 'answer',
  actor: Actor,
  deps: RequestDeps,
): Promise<PrivacyRequest> {
  const to = request.requester.email;
  if (!to || request.emails[which] !== 'pending') return request;
  let status: EmailStatus = 'sent';
  try {
    const settings = await getSettings();
    await deps.mailer.send({ to, ...render(request, which, settings?.schoolName ?? '', settings?.contact.email) });
  } catch (error) {
    status = 'failed';
    logger.warn('privacy request email not sent', { requestId: request.id, which, errorName: sendErrorName(error) });
  }
  const at = deps.now().toISOString();
  const next: PrivacyRequest = { ...request, emails: { ...request.emails, [which]: status }, version: request.version + 1, updatedAt: at };
  await savePrivacyRequest(next, { expectedVersion: request.version }, {
    at,
    actor,
    action: 'privacyRequest.email',
    target: { type: 'PRIVACY_REQUEST', id: request.id },
    fields: [`emails.${which}`],
  });
  return next;
}

function view(request: PrivacyRequest, now: Date): PrivacyRequestView {
  return { ...request, overdue: isOpenStatus(request.status) && Date.parse(request.dueAt) < now.getTime() };
}

/** The caller's own requests (those of each of their parent records), newest first, without notes or answer text. */
export async function listMine(people: readonly RegisteredPerson[]): Promise<MyPrivacyRequests> {
  const mine = new Set(people.filter((p) => p.personType === 'PARENT').map((p) => p.personId));
  if (mine.size === 0) return { requests: [] };
  const requests = (await listPrivacyRequests()).filter((r) => mine.has(r.requester.parentId));
  return {
    requests: requests.map((r) => ({
      reference: requestReference(r.id),
      kind: r.kind,
      status: r.status,
      receivedAt: r.receivedAt,
      dueAt: r.dueAt,
      ...(r.answer ? { answeredAt: r.answer.at } : {}),
    })),
  };
}

export async function listQueue(deps: Pick<RequestDeps, 'now'>): Promise<PrivacyRequestList> {
  const now = deps.now();
  const requests = (await listPrivacyRequests()).map((r) => view(r, now));
  return {
    requests,
    open: requests.filter((r) => isOpenStatus(r.status)).length,
    overdue: requests.filter((r) => r.overdue).length,
  };
}

/** Every refusal happens here, before anything is written. */
function checkUpdate(current: PrivacyRequest, input: PrivacyRequestUpdate): void {
  if (input.version !== current.version) throw new AppError('CONFLICT', [{ path: 'version', issue: 'stale' }]);
  if (!PRIVACY_REQUEST_TRANSITIONS[current.status].includes(input.status)) {
    throw new AppError('TRANSITION_NOT_ALLOWED', [{ path: 'status', issue: current.status }]);
  }
  const answering = input.status === 'answered' && current.status !== 'answered';
  if (answering && input.answer === undefined) throw new AppError('VALIDATION_FAILED', [{ path: 'answer', issue: 'required' }]);
  if (!answering && input.answer !== undefined) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'answer', issue: 'not_allowed' }]);
  }
}

export async function updateRequest(
  requestId: string,
  input: PrivacyRequestUpdate,
  actorId: string,
  deps: RequestDeps,
): Promise<PrivacyRequestView> {
  const current = await getPrivacyRequest(requestId);
  if (!current) throw new AppError('NOT_FOUND');
  checkUpdate(current, input);
  if (input.status === current.status && input.note === undefined) return view(current, deps.now());
  const at = deps.now().toISOString();
  const next: PrivacyRequest = {
    ...current,
    status: input.status,
    notes: input.note === undefined ? current.notes : [...current.notes, { at, by: actorId, text: input.note }],
    ...(input.answer !== undefined ? { answer: { text: input.answer, at, by: actorId } } : {}),
    emails: input.answer !== undefined ? { ...current.emails, answer: current.requester.email ? 'pending' : 'none' } : current.emails,
    version: current.version + 1,
    updatedAt: at,
  };
  const fields = [
    ...(input.status !== current.status ? ['status'] : []),
    ...(input.note !== undefined ? ['notes'] : []),
    ...(input.answer !== undefined ? ['answer'] : []),
  ];
  const actor: Actor = { kind: 'user', id: actorId };
  const action = 'privacyRequest.update';
  await savePrivacyRequest(next, { expectedVersion: current.version }, { at, actor, action, target: { type: 'PRIVACY_REQUEST', id: current.id }, fields });
  logger.info('privacy request updated', { requestId: current.id, status: next.status, fields: fields.length });
  const saved = input.answer !== undefined ? await emailRequester(next, 'answer', actor, deps) : next;
  return view(saved, deps.now());
}
