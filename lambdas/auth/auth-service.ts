import {
  type MeResponse,
  type UserType,
  type ValidateEmailResponse,
} from '@shared/contracts/auth-api';
import { normalizeEmail } from '@shared/rules/email';
import type { Caller } from '../common/claims';
import { ENV, numberEnv, optionalEnv } from '../common/env';
import { logger } from '../common/logger';
import { hitRateLimit, type RateLimitDecision } from '../common/rate-limit';
import type { RegisteredPerson } from '../common/claims';
import { AppError } from '../common/errors';
import { findRegisteredPeople } from '../registry/public';
import { bootstrapFirstAdmin, everAppointed, hasAdminAccess } from '../registry/public';
import { addToAdminGroup } from './admin-group';
import { adminMfaSetupRequired } from './mfa-enrolment';
import { readParentProfiles } from './parent-profile';

/** Default validateEmailV2 budget per client IP per minute: plenty for a person typing, too few for a sweep. */
export const DEFAULT_VALIDATE_EMAIL_LIMIT = 30;

/** Counts one validateEmailV2 call from a client address against the per-minute limit. */
export function limitEmailChecks(clientIp: string): Promise<RateLimitDecision> {
  const limit = numberEnv(ENV.validateEmailRateLimit, DEFAULT_VALIDATE_EMAIL_LIMIT);
  return hitRateLimit({ name: 'validateEmail', limit, windowSeconds: 60 }, clientIp);
}

/** What the registry says about an email's people, reduced to what the app shows. */
export function summarizePeople(people: RegisteredPerson[]): { userType: UserType; displayName: string } {
  // A staff member may also be a parent at the school: the parent role wins, since it has a profile page.
  const main = people.find((p) => p.personType === 'PARENT') ?? people[0];
  if (!main) throw new Error('summarizePeople needs at least one person');
  return { userType: main.personType === 'PARENT' ? 'parent' : 'staff', displayName: main.displayName };
}

/**
 * Names and roles are personal data, and this endpoint is public: anyone could test addresses and learn who
 * they belong to. So only a deployment that opts in, or a signed-in caller asking about their own address,
 * gets them (docs/auth.md).
 */
function mayRevealIdentity(email: string, viewer: Caller | undefined): boolean {
  if (optionalEnv(ENV.exposeNamesToAnonymous) === 'true') return true;
  return viewer !== undefined && viewer.emailVerified && viewer.email === email;
}

/** Whether an (already normalised) email may create an account. */
export async function checkEmail(email: string, viewer: Caller | undefined): Promise<ValidateEmailResponse> {
  const people = await findRegisteredPeople(email);
  if (people.length === 0) {
    return { authorized: false, displayName: null, userType: null, message: 'EMAIL_NOT_AUTHORIZED' };
  }
  const identity = mayRevealIdentity(email, viewer) ? summarizePeople(people) : undefined;
  return {
    authorized: true,
    displayName: identity?.displayName ?? null,
    userType: identity?.userType ?? null,
    message: 'EMAIL_AUTHORIZED',
  };
}

/** The configured first administrator, if any, matches this caller. */
function isFirstAdmin(caller: Caller): boolean {
  const configured = optionalEnv(ENV.firstAdminEmail);
  return configured !== undefined && caller.emailVerified && normalizeEmail(configured) === caller.email;
}

/**
 * The signed-in caller as the app needs them. Reads only: `isAdmin` is the server's own decision (an
 * administrator role active today, lambdas/registry/admin-roles.ts), so the app's admin menu follows it and
 * disappears when access ends. `firstAdminAvailable` tells the person FIRST_ADMIN_EMAIL names, on a deployment
 * that never had an administrator, that POST /api/me/first-admin would appoint them. For a parent, also their
 * own profile (parents).
 */
export async function describeCaller(caller: Caller, people: RegisteredPerson[]): Promise<MeResponse> {
  const { userType, displayName } = summarizePeople(people);
  const isAdmin = await hasAdminAccess(caller.email);
  // Records an authenticator seen for the first time, and refuses (401) a session that predates it.
  const mfaSetupRequired = isAdmin && (await adminMfaSetupRequired(caller, people));
  const firstAdminAvailable = !isAdmin && isFirstAdmin(caller) && !(await everAppointed());
  // A parent's own record, children and committees (My Profile); staff have no profile page.
  const parents = userType === 'parent' ? await readParentProfiles(people) : undefined;
  return {
    email: caller.email,
    displayName,
    userType,
    personIds: people.map((p) => p.personId),
    isAdmin,
    ...(firstAdminAvailable ? { firstAdminAvailable } : {}),
    ...(mfaSetupRequired ? { mfaSetupRequired } : {}),
    ...(parents ? { parents } : {}),
  };
}

/**
 * POST /api/me/first-admin: appoints the person FIRST_ADMIN_EMAIL names, once per deployment. The role and the
 * record that a first administrator was appointed are written together, so this never happens again, even if
 * the setting stays. Anyone else: 403; after the first appointment (or any grant): 409.
 */
export async function claimFirstAdmin(caller: Caller): Promise<{ isAdmin: true }> {
  if (!isFirstAdmin(caller)) throw new AppError('FORBIDDEN');
  const role = await bootstrapFirstAdmin(caller.email, { kind: 'user', id: caller.sub });
  if (!role) throw new AppError('CONFLICT');
  logger.info('first administrator appointed', { sub: caller.sub, roleId: role.id });
  // The group is only the frontend's mirror: a failure here leaves the role (the server's rule) in place.
  await addToAdminGroup(caller.sub).catch((error: unknown) =>
    logger.warn('admin group mirror failed', { errorName: (error as Error).name }),
  );
  return { isAdmin: true };
}
