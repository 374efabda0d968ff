import type { EndRoleRequest, HandoverRequest, HandoverResponse, MemberChoice, RolesResponse, RoleStatus, RoleView } from '@shared/contracts/admin-roles-api';
import { isValidEmail, normalizeEmail } from '@shared/rules/email';
import type { Language } from '@shared/schemas/common';
import { roleActiveOn, type AdminRole } from '@shared/schemas/admin-role';
import { schoolDay } from '@shared/rules/school-calendar';
import type { Actor } from '../../common/audit';
import { ENV, optionalEnv } from '../../common/env';
import { AppError } from '../../common/errors';
import { logger } from '../../common/logger';
import { defaultMailer, sendErrorName, type Mailer, type OutgoingEmail } from '../../common/mailer';
import type { DirectoryData } from '../../directory/public';
import { endRoles, handOver, listRoles } from '../../registry/public';
import { findRegisteredPeople } from '../../registry/public';
import { readDirectoryConsistent } from '../admin-repository';
import { incomingAdminEmail, outgoingAdminEmail, type HandoverFacts } from '../email/handover-email';
import { frenchCompare } from '@shared/format/collation';

/**
 * Administrator roles on screen (docs/operations.md, "Handing over"): the list with each role's standing, the
 * handover with its two emails, and ending a role. The rules (dates, the last administrator) are
 * lambdas/registry/admin-roles.ts's; this layer names people and sends the emails.
 */

export interface RolesCaller {
  email: string;
  actor: Actor;
}

function statusOn(role: AdminRole, today: string): RoleStatus {
  if (roleActiveOn(role, today)) return 'current';
  return !role.revokedAt && role.from > today ? 'future' : 'past';
}

/** Registered members (parents and staff with an email), by email, with their name and language when known. */
function membersOf(data: DirectoryData): Map<string, MemberChoice & { lang?: Language }> {
  const members = new Map<string, MemberChoice & { lang?: Language }>();
  for (const staff of data.staff) if (staff.email) members.set(staff.email, { email: staff.email, name: `${staff.firstName} ${staff.lastName}` });
  for (const parent of data.parents) {
    if (parent.email) members.set(parent.email, { email: parent.email, name: `${parent.firstName} ${parent.lastName}`, lang: parent.preferredLanguage });
  }
  return members;
}

const ORDER: Record<RoleStatus, number> = { current: 0, future: 1, past: 2 };

function viewOf(role: AdminRole, today: string, callerEmail: string, names: Map<string, MemberChoice>): RoleView {
  const name = names.get(role.email)?.name;
  return {
    id: role.id,
    email: role.email,
    from: role.from,
    ...(role.until ? { until: role.until } : {}),
    ...(role.title ? { title: role.title } : {}),
    ...(role.revokedAt ? { revokedAt: role.revokedAt } : {}),
    ...(name ? { name } : {}),
    status: statusOn(role, today),
    mine: role.email === callerEmail,
  };
}

/** GET /api/admin/roles. */
export async function readRoles(caller: RolesCaller, now: Date = new Date()): Promise<RolesResponse> {
  const today = schoolDay(now);
  const [roles, data] = await Promise.all([listRoles(), readDirectoryConsistent()]);
  const members = membersOf(data);
  const views = roles
    .map((role) => viewOf(role, today, caller.email, members))
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || (a.status === 'past' ? b.from.localeCompare(a.from) : a.from.localeCompare(b.from)));
  const choices = [...members.values()].map(({ email, name }) => ({ email, name })).sort((a, b) => frenchCompare(a.name, b.name));
  return { today, roles: views, members: choices };
}

/** The incoming email, checked: a valid address of a registered member other than the caller. */
async function incomingEmailOf(request: HandoverRequest, caller: RolesCaller): Promise<string> {
  const email = normalizeEmail(request.incomingEmail);
  if (!isValidEmail(email)) throw new AppError('VALIDATION_FAILED', [{ path: 'incomingEmail', issue: 'invalid_email' }]);
  if (email === caller.email) throw new AppError('VALIDATION_FAILED', [{ path: 'incomingEmail', issue: 'self' }]);
  if ((await findRegisteredPeople(email)).length === 0) throw new AppError('VALIDATION_FAILED', [{ path: 'incomingEmail', issue: 'not_registered' }]);
  return email;
}

/** Sends each email on its own: a failure is logged (no address) and counted out, never undoes the handover. */
async function sendAll(mailer: Mailer, emails: OutgoingEmail[]): Promise<number> {
  let sent = 0;
  for (const email of emails) {
    try {
      await mailer.send(email);
      sent++;
    } catch (error) {
      logger.warn('handover email failed', { errorName: sendErrorName(error) });
    }
  }
  return sent;
}

export interface HandoverOptions {
  now?: Date;
  mailer?: Mailer;
  /** The caller's screen language: their email's language when the directory does not say. */
  lang?: Language;
}

/** POST /api/admin/roles/handover: one transaction (lambdas/registry/admin-roles.ts handOver), then two emails. */
export async function handOverAdministration(request: HandoverRequest, caller: RolesCaller, options: HandoverOptions = {}): Promise<HandoverResponse> {
  const now = options.now ?? new Date();
  const incomingEmail = await incomingEmailOf(request, caller);
  if (request.until && request.from && request.until < request.from) throw new AppError('VALIDATION_FAILED', [{ path: 'until', issue: 'before_from' }]);
  const { granted } = await handOver(
    {
      incoming: { email: incomingEmail, from: request.from, until: request.until, title: request.title },
      outgoing: { email: caller.email, ...(request.ownUntil ? { until: request.ownUntil } : {}) },
    },
    caller.actor,
    now,
  );
  const members = membersOf(await readDirectoryConsistent());
  const appUrl = (optionalEnv(ENV.publicBaseUrl) ?? '').replace(/\/+$/, '') + '/admin';
  const facts = (other: string): HandoverFacts => ({
    other,
    from: granted.from,
    ...(granted.until ? { until: granted.until } : {}),
    ...(granted.title ? { title: granted.title } : {}),
    ...(request.ownUntil ? { ownUntil: request.ownUntil } : {}),
    appUrl,
  });
  const incoming = members.get(incomingEmail);
  const outgoing = members.get(caller.email);
  const emailsSent = await sendAll(options.mailer ?? defaultMailer(), [
    incomingAdminEmail(incomingEmail, incoming?.lang ?? 'fr', facts(outgoing?.name ?? caller.email)),
    outgoingAdminEmail(caller.email, outgoing?.lang ?? options.lang ?? 'fr', facts(incoming?.name ?? incomingEmail)),
  ]);
  const view = viewOf(granted, schoolDay(now), caller.email, members);
  return { incoming: view, emailsSent };
}

/** POST /api/admin/roles/end. */
export async function endRole(request: EndRoleRequest, caller: RolesCaller, now: Date = new Date()): Promise<{ ended: number }> {
  const email = normalizeEmail(request.email);
  const ended = await endRoles(email, request.until, caller.actor, now);
  return { ended: ended.length };
}
