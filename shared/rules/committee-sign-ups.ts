import type { CommitteeKind, Membership } from '../schemas/committee';
import type { CommitteeRole } from '../schemas/committee-roles';

/**
 * Committee sign-ups from the parent form (docs/product-rules.md, Committee sign-ups): a parent joins a committee
 * an administrator opened to sign-ups, with the committee's member role, and may leave a seat they hold in that
 * role. Every other role (chair, vice-chair, secretary, treasurer, substitute...) is given and taken back by the
 * administrators only. Pure rules, shared by the form (what it offers) and the server (what it accepts).
 */

/** The roles a parent takes or leaves themselves: the plain seat of each kind of committee. */
export const SIGN_UP_ROLES = ['member', 'volunteer'] as const satisfies readonly CommitteeRole[];

/** The role a sign-up gives: `volunteer` on a volunteer committee, `member` everywhere else. */
export function signUpRole(kind: CommitteeKind): CommitteeRole {
  return kind === 'volunteer' ? 'volunteer' : 'member';
}

/** Whether a parent may leave a seat held in this role through the form. */
export function isSignUpRole(role: CommitteeRole): boolean {
  return (SIGN_UP_ROLES as readonly CommitteeRole[]).includes(role);
}

/** What the committee looks like to the rule. */
export interface SignUpCommittee {
  id: string;
  kind: CommitteeKind;
  openToSignUps?: boolean;
}

/** A request: committees to join (a role, if sent, must be a sign-up role) and committees to leave. */
export interface CommitteeChangeRequest {
  join: { committeeId: string; role?: CommitteeRole | undefined }[];
  leave: string[];
}

export type CommitteeChangeRefusal =
  /** Asking for, or leaving, a role only administrators give (an officer's). */
  | { code: 'COMMITTEE_ROLE_RESERVED'; path: string }
  /** Joining a committee that is closed to sign-ups (or does not exist). */
  | { code: 'COMMITTEE_CLOSED'; path: string }
  /** The same committee twice, or joined and left at once. */
  | { code: 'VALIDATION_FAILED'; path: string };

export type CommitteeChangePlan =
  | { ok: true; join: Membership[]; leave: Membership[] }
  | { ok: false; refusal: CommitteeChangeRefusal };

/**
 * The seats to create and delete for this request, or the first reason to refuse it whole. Joining a committee the
 * parent already sits on, or leaving one they do not, changes nothing (a second click, a second tab).
 */
export function planCommitteeChanges(
  parentId: string,
  request: CommitteeChangeRequest,
  seats: readonly Membership[],
  committees: ReadonlyMap<string, SignUpCommittee>,
  now: string,
): CommitteeChangePlan {
  const refuse = (code: CommitteeChangeRefusal['code'], path: string): CommitteeChangePlan => ({ ok: false, refusal: { code, path } });
  const named = [...request.join.map((j) => j.committeeId), ...request.leave];
  if (new Set(named).size !== named.length) return refuse('VALIDATION_FAILED', 'committees');
  const held = new Map(seats.map((seat) => [seat.committeeId, seat]));
  const join: Membership[] = [];
  for (const [index, wanted] of request.join.entries()) {
    const path = `committees.join.${index}`;
    if (wanted.role !== undefined && !isSignUpRole(wanted.role)) return refuse('COMMITTEE_ROLE_RESERVED', `${path}.role`);
    if (held.has(wanted.committeeId)) continue;
    const committee = committees.get(wanted.committeeId);
    if (!committee?.openToSignUps) return refuse('COMMITTEE_CLOSED', path);
    join.push({ committeeId: committee.id, personType: 'PARENT', personId: parentId, role: signUpRole(committee.kind), signedUpAt: now });
  }
  const leave: Membership[] = [];
  for (const [index, committeeId] of request.leave.entries()) {
    const seat = held.get(committeeId);
    if (!seat) continue;
    if (!isSignUpRole(seat.role)) return refuse('COMMITTEE_ROLE_RESERVED', `committees.leave.${index}`);
    leave.push(seat);
  }
  return { ok: true, join, leave };
}

/** A sign-up as the administrators' dashboard lists it. */
export interface RecentSignUp {
  committeeId: string;
  parentId: string;
  signedUpAt: string;
}

/** How far back the dashboard card looks. */
export const RECENT_SIGN_UP_DAYS = 30;

/** The seats taken through the form in the last `days` days, newest first. */
export function recentSignUps(memberships: readonly Membership[], now: Date, days = RECENT_SIGN_UP_DAYS): RecentSignUp[] {
  const since = now.getTime() - days * 24 * 60 * 60 * 1000;
  return memberships
    .filter((m): m is Membership & { signedUpAt: string } => m.personType === 'PARENT' && m.signedUpAt !== undefined)
    .filter((m) => Date.parse(m.signedUpAt) >= since)
    .map((m) => ({ committeeId: m.committeeId, parentId: m.personId, signedUpAt: m.signedUpAt }))
    .sort((a, b) => b.signedUpAt.localeCompare(a.signedUpAt));
}

