import { AdminDirectoryResponseSchema, SaveRecordResponseSchema } from '@shared/contracts/admin-responses';
import type { CommitteeInput } from '@shared/contracts/admin-api';
import type { Committee, Membership } from '@shared/schemas/committee';
import { apiRequest } from './api-client';

/**
 * The committees as the administrators manage them (the committees screen, the campaign's start dialog and
 * summary): the records as stored, with their version, their seats and the names of who holds them. Read from
 * GET /api/admin/directory and saved through the data editor's own PUT /api/admin/committees/{id}: no route of
 * their own (docs/frontend.md, "Committees").
 */
export interface AdminCommittees {
  committees: Committee[];
  memberships: Membership[];
  /** `PARENT#id` or `STAFF#id` -> "First Last". */
  names: Map<string, string>;
}

export const seatKey = (m: { personType: string; personId: string }): string => `${m.personType}#${m.personId}`;

/** The whole record back as the PUT takes it (a PUT replaces every field): only `openToSignUps` differs. */
export function committeeUpdate(committee: Committee, memberships: readonly Membership[], openToSignUps: boolean): CommitteeInput & { version: number } {
  return {
    name: { fr: committee.name.fr, en: committee.name.en },
    kind: committee.kind,
    ...(committee.description ? { description: { fr: committee.description.fr, en: committee.description.en } } : {}),
    otherMembers: committee.otherMembers.map((o) => ({ ...o })),
    members: memberships
      .filter((m) => m.committeeId === committee.id)
      .map(({ personType, personId, role }) => ({ personType, personId, role })),
    openToSignUps,
    version: committee.version,
  };
}

export const adminCommitteesApi = {
  load: async (api: string): Promise<AdminCommittees> => {
    const directory = await apiRequest(api, '/admin/directory', AdminDirectoryResponseSchema);
    const names = new Map<string, string>();
    for (const p of directory.parents) names.set(`PARENT#${p.id}`, `${p.firstName} ${p.lastName}`);
    for (const s of directory.staff) names.set(`STAFF#${s.id}`, `${s.firstName} ${s.lastName}`);
    return { committees: directory.committees, memberships: directory.memberships, names };
  },
  /** Opens or closes one committee to parents' sign-ups; a stale version is refused (CONFLICT). */
  setOpen: (api: string, committee: Committee, memberships: readonly Membership[], open: boolean): Promise<{ record: { id: string } }> =>
    apiRequest(api, `/admin/committees/${encodeURIComponent(committee.id)}`, SaveRecordResponseSchema, {
      method: 'PUT',
      body: committeeUpdate(committee, memberships, open),
    }),
};
