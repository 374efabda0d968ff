import * as z from 'zod';
import {
  ComposeMessageSchema,
  MessageConsentsUpdateSchema,
  MessageSettingsSchema,
  personKey,
} from '@shared/contracts/messages-api';
import { writeAudit } from '../common/audit';
import { IdSchema } from '@shared/schemas/common';
import { AppError } from '../common/errors';
import { createHandler, parseWith, type SignedInRequest } from '../common/http';
import { hasAdminAccess } from '../registry/public';
import { registryAccess } from '../registry/public';
import { carpoolRoutes } from './carpool-routes';
import { composeMessage, type AuthorContext } from './compose-service';
import { getConsents, setConsents } from './consent-service';
import { messagesOf, readMessage, unsubscribeByToken } from './inbox-service';
import { decisionRoutes } from './decision-routes';
import { defaultDecisionDeps } from './decision-service';
import { getMessage, getMessageSettings, listMessages, putMessageSettings } from './message-repository';
import { continueMessage, defaultMessageSendDeps } from './send-service';

/** Messages to a class, a committee or the school (docs/messages.md). */

const author = (request: SignedInRequest): AuthorContext => ({ caller: request.caller, people: request.people, now: new Date() });

const TokenSchema = z.object({ token: z.string().max(100) });
/** What a mail program posts (RFC 8058), or the unsubscribe page's JSON; nothing else. */
const OneClickSchema = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') });
const PageBodySchema = z.strictObject({ token: z.string().max(100) });

function unsubscribeToken(query: Record<string, string>, body: unknown): string {
  const fromMailProgram = typeof body === 'object' && body !== null && 'List-Unsubscribe' in body;
  const parsed = body === undefined ? {} : fromMailProgram ? parseWith(OneClickSchema, body) : parseWith(PageBodySchema, body);
  return parseWith(TokenSchema, { token: query.token ?? ('token' in parsed ? parsed.token : undefined) }).token;
}

/** Sends the next chunk: the author, or an administrator (after an approval). */
async function continueRoute(request: SignedInRequest) {
  const id = parseWith(IdSchema, request.pathParameters.id);
  const message = await getMessage(id);
  if (!message) throw new AppError('NOT_FOUND');
  const mine = request.people.some((p) => personKey(p.personType, p.personId) === personKey(message.author.personType, message.author.personId));
  if (!mine && !(await hasAdminAccess(request.caller.email))) throw new AppError('NOT_FOUND');
  const progress = await continueMessage(id, defaultMessageSendDeps());
  return { body: { message: progress, done: progress?.status !== 'sending' } };
}

/** The first of the caller's records: their parent record when they have one. */
const mainPerson = (request: SignedInRequest) => request.people.find((p) => p.personType === 'PARENT') ?? request.people[0]!;

export const handler = createHandler({
  registry: registryAccess,
  routes: {
    ...carpoolRoutes,
    ...decisionRoutes(defaultDecisionDeps),
    'GET /api/messages': async (request) => ({ body: await messagesOf(author(request)) }),
    'POST /api/messages': async (request) => {
      const input = parseWith(ComposeMessageSchema, request.body);
      return { status: 201, body: { message: await composeMessage(author(request), input) } };
    },
    'POST /api/messages/{id}/continue': continueRoute,
    'POST /api/messages/{id}/read': async (request) => {
      await readMessage(author(request), parseWith(IdSchema, request.pathParameters.id));
      return { status: 204 };
    },
    // RFC 8058: the mail program posts `List-Unsubscribe=One-Click`; the unsubscribe page posts JSON. Token in the query.
    'POST /api/messages/unsubscribe': async (request) => {
      return { body: await unsubscribeByToken(unsubscribeToken(request.query, request.body), new Date()) };
    },
    'GET /api/me/message-consents': async (request) => {
      const person = mainPerson(request);
      return { body: { consents: await getConsents(personKey(person.personType, person.personId)) } };
    },
    'PUT /api/me/message-consents': async (request) => {
      const { consents, language } = parseWith(MessageConsentsUpdateSchema, request.body);
      const at = new Date().toISOString();
      for (const person of request.people) await setConsents(person, consents, { by: 'parent', channel: 'myProfile', at, language });
      return { body: { consents } };
    },
    'GET /api/admin/messages': async () => ({
      body: { messages: (await listMessages()).reverse(), settings: await getMessageSettings() },
    }),
    'PUT /api/admin/messages/settings': async (request) => {
      // At the version read: a stale screen's copy is refused (409), never saved over a withdrawal made meanwhile.
      const settings = await putMessageSettings(parseWith(MessageSettingsSchema, request.body));
      const at = new Date().toISOString();
      await writeAudit({ at, actor: { kind: 'user', id: request.caller.sub }, action: 'message.settings', target: { type: 'MESSAGES', id: 'settings' } });
      return { body: { settings } };
    },
  },
});
