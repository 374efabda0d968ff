import { keys, type PersonType } from '../common/keys';
import { TABLE_INDEXES } from '@shared/schemas/table-schema';
import type { Membership } from '@shared/schemas/committee';
import { parseMembership } from './directory-items';
import { queryAll, queryDirectory } from '../common/query';

/** Family links (parent -> student) and committee memberships: docs/data-model.md patterns 11 to 15. */

/** Strongly consistent: for a check that decides a write (is this student a parent's last child?). */
type ReadOptions = { consistent?: boolean };

/** Access pattern 11: ids of a parent's children. */
export async function childrenOf(parentId: string, options: ReadOptions = {}): Promise<string[]> {
  const items = await queryDirectory({ prefix: keys.familyPrefix(parentId), ...options });
  return items.map((item) => item.studentId as string);
}

/** Access pattern 12: ids of a student's parents (gsi1, eventually consistent). */
export async function parentsOf(studentId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: TABLE_INDEXES.byPerson.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.studentParentsGsi(studentId) },
  });
  return items.map((item) => item.parentId as string);
}

/** Access pattern 13. */
export async function membersOf(committeeId: string, options: ReadOptions = {}): Promise<Membership[]> {
  const items = await queryDirectory({ prefix: keys.membershipPrefix(committeeId), ...options });
  return items.map(parseMembership).filter((m): m is Membership => m !== undefined);
}

/** Access pattern 14 (gsi1, eventually consistent). */
export async function membershipsOf(personType: PersonType, personId: string): Promise<Membership[]> {
  const items = await queryAll({
    IndexName: TABLE_INDEXES.byPerson.name,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.personMembershipsGsi(personType, personId), ':prefix': 'MEMBER#' },
  });
  return items.map(parseMembership).filter((m): m is Membership => m !== undefined);
}
