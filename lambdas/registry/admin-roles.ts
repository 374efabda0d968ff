import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { AdminRoleSchema, roleActiveOn, type AdminRole } from '@shared/schemas/admin-role';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import type { AuditEntry } from '@shared/schemas/system';
import { auditPut } from '../common/audit';
import { documentClient, tableName } from '../common/dynamo';
import { AppError } from '../common/errors';
import { keys } from '../common/keys';
import type { TransactItem } from '../common/transact';
import { requireFreshEnrolment } from './admin-mfa';

/**
 * Administrator roles (docs/auth.md "Administrators"): who may call the admin routes, and for which days. The
 * request guard (lambdas/common/http.ts) asks `hasAdminAccess` on every admin request, so a revoke or an end
 * date takes effect at the caller's next request, whatever their tokens say.
 */

export type RoleActor = AuditEntry['actor'];

interface RolesSnapshot {
  roles: AdminRole[];
  /** The state item's version; undefined when no role was ever written (a fresh deployment). */
  version: number | undefined;
}

function toRole(item: Record<string, unknown>): AdminRole | undefined {
  const parsed = AdminRoleSchema.safeParse(Object.fromEntries(Object.entries(item).filter(([k]) => !['pk', 'sk', 'type'].includes(k))));
  return parsed.success ? parsed.data : undefined;
}

/** The roles of one email: one strongly consistent Query on a small partition. */
export async function rolesOf(email: string): Promise<AdminRole[]> {
  const result = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.adminRolesPk(), ':prefix': keys.adminRolePrefix(email) },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).map(toRole).filter((role): role is AdminRole => role !== undefined);
}

/** The server's one decision: does `email` hold a role that is active today (school time zone)? */
export async function hasAdminAccess(email: string, now: Date = new Date()): Promise<boolean> {
  const today = schoolDay(now);
  return (await rolesOf(email)).some((role) => roleActiveOn(role, today));
}

/** Every role and the state version, read together (one Query on the partition). */
async function snapshot(): Promise<RolesSnapshot> {
  const roles: AdminRole[] = [];
  let version: number | undefined;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.adminRolesPk() },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.sk === keys.adminRolesState().sk) version = item.version as number;
      else {
        const role = toRole(item);
        if (role) roles.push(role);
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { roles, version };
}

/** Every role, newest first. */
export async function listRoles(): Promise<AdminRole[]> {
  return (await snapshot()).roles.sort((a, b) => b.id.localeCompare(a.id));
}

/** Whether an administrator role was ever written (the bootstrap is then closed for good). */
export async function everAppointed(): Promise<boolean> {
  return (await snapshot()).version !== undefined;
}

/**
 * The state item's change for a TransactWrite: bumps `version`, on the condition that nobody else changed the
 * roles since they were read, so two concurrent changes can never both pass the last-administrator rule.
 */
function stateBump(version: number | undefined, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.adminRolesState(),
      UpdateExpression: 'SET version = :next, updatedAt = :at, #type = :type, firstAppointedAt = if_not_exists(firstAppointedAt, :at)',
      ConditionExpression: version === undefined ? 'attribute_not_exists(pk)' : 'version = :seen',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':next': (version ?? 0) + 1,
        ':at': at,
        ':type': 'ADMIN_ROLES_STATE',
        ...(version === undefined ? {} : { ':seen': version }),
      },
    },
  };
}

async function commit(items: TransactItem[]): Promise<void> {
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TransactionCanceledException' || name === 'TransactionConflictException') throw new AppError('CONFLICT');
    throw error;
  }
}

function rolePut(role: AdminRole): TransactItem {
  const item = { ...keys.adminRole(role.email, role.id), type: 'ADMIN_ROLE', ...AdminRoleSchema.parse(role) };
  return { Put: { TableName: tableName(), Item: item } };
}

export interface GrantInput {
  email: string;
  from?: string;
  until?: string;
  title?: string;
}

function newRole(input: GrantInput, actor: RoleActor, at: string): AdminRole {
  const from = input.from ?? schoolDay(new Date(at));
  if (input.until !== undefined && input.until < from) throw new AppError('VALIDATION_FAILED', [{ path: 'until', issue: 'before_from' }]);
  return AdminRoleSchema.parse({
    id: ulid(Date.parse(at)),
    email: input.email,
    from,
    ...(input.until ? { until: input.until } : {}),
    ...(input.title ? { title: input.title } : {}),
    grantedAt: at,
    grantedBy: actor,
    version: 1,
  });
}

const audit = (action: string, role: AdminRole, actor: RoleActor, at: string, fields?: string[]): TransactItem =>
  auditPut({ at, actor, action, target: { type: 'ADMIN_ROLE', id: role.id }, ...(fields ? { fields } : {}) });

/**
 * After a grant to someone who held no role active today: their account must enrol a new authenticator before
 * the role takes effect (docs/auth.md "Second factor"). Someone already serving keeps theirs.
 */
async function enrolFirstIfNew(rolesBefore: AdminRole[], email: string, now: Date): Promise<void> {
  const today = schoolDay(now);
  if (rolesBefore.some((role) => role.email === email && roleActiveOn(role, today))) return;
  await requireFreshEnrolment(email);
}

/** Grants a role (audited). The caller checks that the email belongs to a registered person. */
export async function grantRole(input: GrantInput, actor: RoleActor, now: Date = new Date()): Promise<AdminRole> {
  const at = now.toISOString();
  const { roles, version } = await snapshot();
  const role = newRole(input, actor, at);
  await commit([stateBump(version, at), rolePut(role), audit('adminRole.grant', role, actor, at)]);
  await enrolFirstIfNew(roles, input.email, now);
  return role;
}

/**
 * The first administrator, once per deployment: succeeds only when no role was ever written (the state item is
 * created in the same transaction, so a second call, or a call after any grant, returns undefined).
 */
export async function bootstrapFirstAdmin(email: string, actor: RoleActor, now: Date = new Date()): Promise<AdminRole | undefined> {
  const at = now.toISOString();
  const role = newRole({ email, title: undefined }, actor, at);
  try {
    await commit([stateBump(undefined, at), rolePut(role), audit('adminRole.bootstrap', role, actor, at)]);
    await enrolFirstIfNew([], email, now);
    return role;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return undefined;
    throw error;
  }
}

/**
 * The roles of `email` that end on `lastDay` (included), or at once when `lastDay` is undefined (a revoke), as
 * changed copies. Refused with LAST_ADMINISTRATOR when nobody else (`others` included: a role granted in the same
 * transaction) would hold access on the first day without them: the school must never be left without an
 * administrator by a person's own hand.
 */
/**
 * Whether `roles` hold administrator access on every day from `day` on: one with no last day, or, from each last
 * day, another that goes on the next day.
 */
function coveredFrom(roles: readonly AdminRole[], day: string): boolean {
  let current = day;
  for (let step = 0; step <= roles.length; step++) {
    const active = roles.filter((r) => roleActiveOn(r, current));
    if (active.length === 0) return false;
    if (active.some((r) => r.until === undefined)) return true;
    current = addDays(active.map((r) => r.until!).sort().at(-1)!, 1);
  }
  return false;
}

function planEnd(
  roles: AdminRole[],
  email: string,
  lastDay: string | undefined,
  actor: RoleActor,
  now: Date,
): AdminRole[] {
  const at = now.toISOString();
  const today = schoolDay(now);
  const ending = roles.filter((r) => r.email === email && !r.revokedAt && (lastDay === undefined || r.until === undefined || r.until > lastDay));
  if (ending.length === 0) throw new AppError('NOT_FOUND');
  const firstDayWithout = lastDay === undefined || addDays(lastDay, 1) < today ? today : addDays(lastDay, 1);
  const others = roles.filter((r) => r.email !== email);
  const covered = others.some((r) => roleActiveOn(r, firstDayWithout));
  if (!covered) throw new AppError('LAST_ADMINISTRATOR');
  // Nor later, when the others' roles end in turn (a trial's handover with end dates left no one from a day on).
  if (!coveredFrom(others, firstDayWithout)) throw new AppError('ADMIN_GAP');
  return ending.map((role): AdminRole => {
    const next = { ...role, version: role.version + 1 };
    // A role that had not started by its new last day never grants anything: revoke it instead.
    if (lastDay === undefined || lastDay < role.from) return { ...next, revokedAt: at, revokedBy: actor };
    return { ...next, until: lastDay };
  });
}

const endAudits = (changed: AdminRole[], actor: RoleActor, at: string): TransactItem[] =>
  changed.map((role) => audit(role.revokedAt ? 'adminRole.revoke' : 'adminRole.end', role, actor, at, role.revokedAt ? undefined : ['until']));

/** Ends every current or future role of `email` on `lastDay` (see planEnd), audited. */
export async function endRoles(email: string, lastDay: string | undefined, actor: RoleActor, now: Date = new Date()): Promise<AdminRole[]> {
  const at = now.toISOString();
  const { roles, version } = await snapshot();
  const changed = planEnd(roles, email, lastDay, actor, now);
  await commit([stateBump(version, at), ...changed.map(rolePut), ...endAudits(changed, actor, at)]);
  return changed;
}

export interface HandoverInput {
  incoming: GrantInput;
  /** The outgoing administrator, and their own last day when they step down with this handover. */
  outgoing: { email: string; until?: string };
}

/**
 * A handover (docs/operations.md, "Handing over"): the incoming administrator's role and, when asked, the end of
 * the outgoing one's, in ONE transaction, so the end is judged with the new role counted and nothing is half done.
 */
export async function handOver(input: HandoverInput, actor: RoleActor, now: Date = new Date()): Promise<{ granted: AdminRole; ended: AdminRole[] }> {
  const at = now.toISOString();
  // Today (school time zone) or later: a back-dated start would be active at once with a history it never had.
  if (input.incoming.from !== undefined && input.incoming.from < schoolDay(now)) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'from', issue: 'before_today' }]);
  }
  const { roles, version } = await snapshot();
  const granted = newRole(input.incoming, actor, at);
  const ended = input.outgoing.until === undefined ? [] : planEnd([...roles, granted], input.outgoing.email, input.outgoing.until, actor, now);
  await commit([
    stateBump(version, at),
    rolePut(granted),
    audit('adminRole.handover', granted, actor, at),
    ...ended.map(rolePut),
    ...endAudits(ended, actor, at),
  ]);
  await enrolFirstIfNew(roles, input.incoming.email, now);
  return { granted, ended };
}
