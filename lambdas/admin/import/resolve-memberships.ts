import { compactToken } from '@shared/rules/import-values';
import type { Membership, OtherMember } from '@shared/schemas/committee';
import type { Parent } from '@shared/schemas/parent';
import type { IssueCollector, RowSource } from './issues';
import type { MembershipRow, Ref } from './parse-rows';
import type { RefIndex } from './ref-index';

/** Who sits on one committee according to the memberships file, with the row each seat came from. */
export interface CommitteeMembers {
  members: Membership[];
  others: OtherMember[];
  rows: { source: RowSource; membership?: Membership; other?: OtherMember }[];
}

/** A committee keeps at most this many members without a record (schema limit). */
const MAX_OTHER_MEMBERS = 50;

export interface MembershipContext {
  committees: RefIndex;
  parents: RefIndex;
  staff: RefIndex;
  /** Every parent as the import leaves them: a name-only parent sits on no committee. */
  finalParents: ReadonlyMap<string, Parent>;
  follow: (
    index: RefIndex,
    source: RowSource,
    ref: Ref,
    unknown: 'UNKNOWN_PARENT' | 'UNKNOWN_STAFF' | 'UNKNOWN_COMMITTEE',
  ) => string | undefined;
  issues: IssueCollector;
}

/** Groups the memberships file by committee, following committee and member references. */
export function resolveMemberships(rows: readonly MembershipRow[], ctx: MembershipContext): Map<string, CommitteeMembers> {
  const byCommittee = new Map<string, CommitteeMembers>();
  const seen = new Map<string, number>();
  for (const row of rows) {
    const committeeId = ctx.follow(ctx.committees, row.source, row.committee, 'UNKNOWN_COMMITTEE');
    if (!committeeId) continue;
    // Made on first use: a committee is "named by the file" once one of its rows holds up.
    const group = (): CommitteeMembers => {
      const found = byCommittee.get(committeeId) ?? { members: [], others: [], rows: [] };
      byCommittee.set(committeeId, found);
      return found;
    };
    let seat: string;
    if (row.memberType === 'other') {
      const other = row.other;
      if (!other) continue;
      seat = `${committeeId}|other|${compactToken(`${other.firstName}${other.lastName}`)}`;
      if (!duplicate(seat, row, seen, ctx.issues)) {
        if ((byCommittee.get(committeeId)?.others.length ?? 0) >= MAX_OTHER_MEMBERS) {
          ctx.issues.cell(row.source, 'memberType', 'TOO_MANY', { max: MAX_OTHER_MEMBERS });
          continue;
        }
        const member: OtherMember = { ...other, role: row.role };
        group().others.push(member);
        group().rows.push({ source: row.source, other: member });
      }
      continue;
    }
    const personType = row.memberType === 'parent' ? 'PARENT' : 'STAFF';
    const index = personType === 'PARENT' ? ctx.parents : ctx.staff;
    const personId = ctx.follow(index, row.source, row.member!, personType === 'PARENT' ? 'UNKNOWN_PARENT' : 'UNKNOWN_STAFF');
    if (!personId) continue;
    if (personType === 'PARENT' && ctx.finalParents.get(personId)?.participation === 'nameOnly') {
      ctx.issues.cell(row.source, 'member', 'NAME_ONLY_MEMBER', { value: row.member!.value });
      continue;
    }
    seat = `${committeeId}|${personType}|${personId}`;
    if (duplicate(seat, row, seen, ctx.issues)) continue;
    const membership: Membership = { committeeId, personType, personId, role: row.role };
    group().members.push(membership);
    group().rows.push({ source: row.source, membership });
  }
  return byCommittee;
}

function duplicate(seat: string, row: MembershipRow, seen: Map<string, number>, issues: IssueCollector): boolean {
  const line = seen.get(seat);
  if (line !== undefined) {
    issues.cell(row.source, row.memberType === 'other' ? 'lastName' : 'member', 'DUPLICATE_MEMBER', { line });
    return true;
  }
  seen.set(seat, row.source.row.line);
  return false;
}
