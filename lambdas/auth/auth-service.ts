import {
  type MeResponse,
  type UserType,
  type ValidateEmailResponse,
} from '../../shared/auth-api';
import { normalizeEmail } from '../../shared/email';
import type { Caller } from '../common/claims';
import { ENV, numberEnv, optionalEnv } from '../common/env';
import { logger } from '../common/logger';
import { hitRateLimit, type RateLimitDecision } from '../common/rate-limit';
import type { RegisteredPerson } from '../common/claims';
import { findRegisteredPeople } from '../registry/registry-repository';
import { ADMIN_GROUP } from '../routes';
import { addToAdminGroup } from './admin-group';
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
 * The signed-in caller as the app needs them. Also bootstraps the first administrator: a fresh deployment has
 * nobody in `admins`, so the address named in FIRST_ADMIN_EMAIL is added on its first call. The group reaches
 * the ID token only after a refresh, hence `adminGranted`. For a parent, also their own profile (parents).
 */
export async function describeCaller(caller: Caller, people: RegisteredPerson[]): Promise<MeResponse> {
  const { userType, displayName } = summarizePeople(people);
  let isAdmin = caller.groups.includes(ADMIN_GROUP);
  let adminGranted = false;
  if (!isAdmin && isFirstAdmin(caller)) {
    await addToAdminGroup(caller.sub);
    logger.info('first administrator granted', { sub: caller.sub });
    isAdmin = true;
    adminGranted = true;
  }
  // A parent's own record, children and committees (My Profile); staff have no profile page.
  const parents = userType === 'parent' ? await readParentProfiles(people) : undefined;
  return {
    email: caller.email,
    displayName,
    userType,
    personIds: people.map((p) => p.personId),
    isAdmin,
    ...(adminGranted ? { adminGranted } : {}),
    ...(parents ? { parents } : {}),
  };
}
