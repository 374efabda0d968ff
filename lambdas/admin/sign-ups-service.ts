import { keys } from '../common/keys';
import { queryDirectory } from '../common/query';
import { parseMembership } from '../directory/public';
import { getEntity, listEntities } from '../directory/public';
import { RECENT_SIGN_UP_DAYS, recentSignUps } from '@shared/rules/committee-sign-ups';
import { RECENT_SIGN_UPS_LISTED, type CommitteeSignUpsResponse } from '@shared/contracts/committee-sign-ups-api';
import type { Membership } from '@shared/schemas/committee';

/**
 * The administrators' view of new committee sign-ups (docs/product-rules.md, Committee sign-ups): the seats
 * parents took themselves in the last 30 days. Reads the memberships (pattern 13 over every committee), the
 * committees, and the few parents listed by key.
 */
export async function committeeSignUps(now = new Date()): Promise<CommitteeSignUpsResponse> {
  const [items, committees] = await Promise.all([queryDirectory({ prefix: keys.membershipPrefix() }), listEntities('COMMITTEE')]);
  const memberships = items.map(parseMembership).filter((m): m is Membership => m !== undefined);
  const committeeById = new Map(committees.map((c) => [c.id, c]));
  const all = recentSignUps(memberships, now).filter((s) => committeeById.has(s.committeeId));
  const listed = all.slice(0, RECENT_SIGN_UPS_LISTED);
  const parents = await Promise.all(listed.map((s) => getEntity('PARENT', s.parentId, { consistent: false })));
  return {
    since: new Date(now.getTime() - RECENT_SIGN_UP_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    total: all.length,
    recent: listed.flatMap((s, i) => {
      const parent = parents[i];
      const committee = committeeById.get(s.committeeId)!;
      return parent ? [{ ...s, committeeName: committee.name, parentName: `${parent.firstName} ${parent.lastName}` }] : [];
    }),
  };
}
