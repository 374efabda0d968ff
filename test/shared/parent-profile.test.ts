import { describe, expect, it } from 'vitest';
import { buildParentProfile } from '../../lambdas/auth/parent-profile';
import { MeParentProfileSchema } from '@shared/contracts/auth-api';
import type { Parent } from '@shared/schemas/parent';

/**
 * GET /api/me's parent profile carries who sees each detail when the parent set it apart from the level (My Profile
 * shows it: a trial read the level's sentence « Complète » after restricting the phone), and nothing when the level
 * speaks for it (withParticipation stores no audiences then).
 */
const parent = (audiences?: Parent['audiences']): Parent =>
  ({
    id: '01JABCDEFGHJKMNPQRSTVW0001', firstName: 'Félix', lastName: 'Ouellet', email: 'felix@courriel.example', phone: '5145550123',
    participation: 'full', preferredLanguage: 'fr', interests: [], skills: '', version: 1, createdAt: '2026-09-01T12:00:00.000Z', updatedAt: '2026-09-01T12:00:00.000Z',
    ...(audiences ? { audiences } : {}),
  }) as Parent;
const build = (p: Parent) =>
  MeParentProfileSchema.parse(buildParentProfile({ parent: p, children: [], classes: new Map(), teachers: new Map(), memberships: [], committees: new Map(), levels: [] }));

describe('the parent profile of GET /api/me', () => {
  it('carries the audiences set apart from the level', () => {
    const custom = { email: 'school', phone: 'admins', address: 'classes', profile: 'school' } as const;
    expect(build(parent(custom)).audiences).toEqual(custom);
  });

  it('carries none when the level speaks for them', () => {
    expect(build(parent())).not.toHaveProperty('audiences');
  });
});
