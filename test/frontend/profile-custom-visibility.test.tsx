// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { MeParentProfile } from '@shared/contracts/auth-api';
import { ParentProfileView } from '../../frontend/src/features/profile/components/parent-profile-view';
import { renderWithAnswers } from './render-screen';

/**
 * My Profile's participation line (docs/privacy.md): a parent who set who sees each detail apart from the level reads
 * those settings, not the level's own sentence (a trial restricted the phone to administrators and read « Complète :
 * les autres familles voient vos coordonnées… », as if it were shared again).
 */
afterEach(cleanup);

const profile = (audiences?: MeParentProfile['audiences']): MeParentProfile => ({
  id: '01JABCDEFGHJKMNPQRSTVW0001', firstName: 'Félix', lastName: 'Ouellet', email: 'felix@courriel.example', phone: '5145550123',
  participation: 'full', preferredLanguage: 'fr', interests: [], skills: '', children: [], committees: [],
  ...(audiences ? { audiences } : {}),
});
const CUSTOM = { email: 'school', phone: 'admins', address: 'classes', profile: 'school' } as const;

describe('the participation on My Profile', () => {
  it.each([
    ['fr', 'Réglé à votre façon', ['Courriel visible par toute l\'école', 'Téléphone visible par les administrateurs seulement', 'Adresse visible par les classes de mes enfants'], /Les autres familles voient/],
    ['en', 'Set your own way', ['Phone visible to administrators only'], /Other families see/],
  ] as const)('%s: set apart from the level, says who sees each detail instead of the level\'s sentence', (locale, custom, lines, preset) => {
    renderWithAnswers(<ParentProfileView profile={profile(CUSTOM)} />, { locale, answers: [] });
    const text = document.body.textContent ?? '';
    expect(text).toContain(custom);
    for (const line of lines) screen.getByText(line);
    expect(text).not.toMatch(preset);
  });

  it('as the level sets it, says what the level means', () => {
    renderWithAnswers(<ParentProfileView profile={profile()} />, { locale: 'fr', answers: [] });
    expect(document.body.textContent).toMatch(/Les autres familles voient/);
    expect(document.body.textContent).not.toContain('Réglé à votre façon');
  });
});
