import { describe, expect, it } from 'vitest';
import { isSignUpRole, planCommitteeChanges, recentSignUps, signUpRole, type SignUpCommittee } from '@shared/rules/committee-sign-ups';
import { maySaveAddressFor } from '@shared/rules/household';
import { ParentUpdateInputSchema } from '@shared/rules/parent-form';
import type { Membership } from '@shared/schemas/committee';

/** Committee sign-ups and the household's shared address: the rules the form and the server share. */
const PARENT = '01JPARENT0000000000000000A';
const OPEN = '01JAPEN0000000000000000000';
const CLOSED = '01JC10SED00000000000000000';
const VOLUNTEERS = '01JV010NTEERS0000000000000';
const NOW = '2026-11-26T00:00:00.000Z';
const committees = new Map<string, SignUpCommittee>([
  [OPEN, { id: OPEN, kind: 'opp', openToSignUps: true }],
  [CLOSED, { id: CLOSED, kind: 'ce' }],
  [VOLUNTEERS, { id: VOLUNTEERS, kind: 'volunteer', openToSignUps: true }],
]);
const seat = (committeeId: string, role: Membership['role']): Membership => ({ committeeId, personType: 'PARENT', personId: PARENT, role });

describe('committee sign-ups', () => {
  it("gives the committee's member role: volunteer on a volunteer committee, member elsewhere", () => {
    expect(signUpRole('volunteer')).toBe('volunteer');
    expect(signUpRole('ce')).toBe('member');
    expect(isSignUpRole('member')).toBe(true);
    for (const officer of ['chair', 'coChair', 'viceChair', 'secretary', 'treasurer', 'coordinator', 'substitute'] as const) {
      expect(isSignUpRole(officer)).toBe(false);
    }
  });

  it('joins open committees with the date, and leaves plain seats', () => {
    const plan = planCommitteeChanges(
      PARENT,
      { join: [{ committeeId: OPEN }, { committeeId: VOLUNTEERS, role: 'volunteer' }], leave: [CLOSED] },
      [seat(CLOSED, 'member')],
      committees,
      NOW,
    );
    expect(plan).toEqual({
      ok: true,
      join: [
        { ...seat(OPEN, 'member'), signedUpAt: NOW },
        { ...seat(VOLUNTEERS, 'volunteer'), signedUpAt: NOW },
      ],
      leave: [seat(CLOSED, 'member')],
    });
  });

  it('changes nothing for a seat already held or a seat already gone', () => {
    expect(planCommitteeChanges(PARENT, { join: [{ committeeId: OPEN }], leave: [VOLUNTEERS] }, [seat(OPEN, 'chair')], committees, NOW)).toEqual({
      ok: true,
      join: [],
      leave: [],
    });
  });

  it('refuses officer roles, closed or unknown committees, leaving an officer seat, and duplicates', () => {
    const refusal = (request: Parameters<typeof planCommitteeChanges>[1], seats: Membership[] = []) => {
      const plan = planCommitteeChanges(PARENT, request, seats, committees, NOW);
      return plan.ok ? undefined : plan.refusal;
    };
    expect(refusal({ join: [{ committeeId: OPEN, role: 'chair' }], leave: [] })).toEqual({ code: 'COMMITTEE_ROLE_RESERVED', path: 'committees.join.0.role' });
    expect(refusal({ join: [{ committeeId: OPEN, role: 'treasurer' }], leave: [] })?.code).toBe('COMMITTEE_ROLE_RESERVED');
    expect(refusal({ join: [{ committeeId: CLOSED }], leave: [] })).toEqual({ code: 'COMMITTEE_CLOSED', path: 'committees.join.0' });
    expect(refusal({ join: [{ committeeId: '01JNKN0WN00000000000000000' }], leave: [] })?.code).toBe('COMMITTEE_CLOSED');
    expect(refusal({ join: [], leave: [CLOSED] }, [seat(CLOSED, 'secretary')])).toEqual({ code: 'COMMITTEE_ROLE_RESERVED', path: 'committees.leave.0' });
    expect(refusal({ join: [{ committeeId: OPEN }], leave: [OPEN] })?.code).toBe('VALIDATION_FAILED');
    expect(refusal({ join: [{ committeeId: OPEN }, { committeeId: OPEN }], leave: [] })?.code).toBe('VALIDATION_FAILED');
  });

  it('lists the sign-ups of the last 30 days, newest first, and never the seats administrators gave', () => {
    const now = new Date(NOW);
    const memberships: Membership[] = [
      { ...seat(OPEN, 'member'), signedUpAt: '2026-11-20T10:00:00.000Z' },
      { ...seat(VOLUNTEERS, 'volunteer'), signedUpAt: '2026-11-25T10:00:00.000Z' },
      { ...seat(CLOSED, 'member'), signedUpAt: '2026-09-01T10:00:00.000Z' },
      seat(CLOSED, 'chair'),
    ];
    expect(recentSignUps(memberships, now).map((s) => s.committeeId)).toEqual([VOLUNTEERS, OPEN]);
  });

  it('accepts the form fields strictly', () => {
    const base = { version: 1, firstName: 'A', lastName: 'B', participation: 'full', preferredLanguage: 'fr' };
    expect(ParentUpdateInputSchema.parse({ ...base, committees: { join: [{ committeeId: OPEN }] } }).committees).toEqual({
      join: [{ committeeId: OPEN }],
      leave: [],
    });
    expect(ParentUpdateInputSchema.safeParse({ ...base, committees: { join: [{ committeeId: OPEN, seat: 'x' }] } }).success).toBe(false);
    expect(ParentUpdateInputSchema.safeParse({ ...base, committees: { join: [{ committeeId: OPEN, role: 'king' }] } }).success).toBe(false);
    expect(ParentUpdateInputSchema.safeParse({ ...base, committees: { join: Array(21).fill({ committeeId: OPEN }) } }).success).toBe(false);
    expect(ParentUpdateInputSchema.safeParse({ ...base, shareAddressWith: [{ parentId: PARENT }] }).success).toBe(false);
    expect(ParentUpdateInputSchema.parse(base).shareAddressWith).toEqual([]);
  });
});

describe("a household's shared address", () => {
  const me = { id: 'me', participation: 'full' as const };
  const other = { id: 'other', participation: 'limited' as const };

  it('is offered between co-parents with no safety restriction', () => {
    expect(maySaveAddressFor(me, other)).toBe(true);
    expect(maySaveAddressFor(me, me)).toBe(false);
  });

  it('is never offered across a safety restriction, whichever way it points', () => {
    expect(maySaveAddressFor(me, { ...other, safetyRestriction: { hiddenFrom: ['me'] } })).toBe(false);
    expect(maySaveAddressFor({ ...me, safetyRestriction: { hiddenFrom: ['other'] } }, other)).toBe(false);
    expect(maySaveAddressFor(me, { ...other, safetyRestriction: { hiddenFrom: ['someone-else'] } })).toBe(true);
  });

  it('is not offered for a co-parent who opted out (name only keeps no address)', () => {
    expect(maySaveAddressFor(me, { ...other, participation: 'nameOnly' })).toBe(false);
  });
});
