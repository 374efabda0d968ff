// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ClassStudents } from '../../frontend/src/features/classes/components/class-students';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { FIXTURE } from './directory-fixture';

/**
 * A student's note for staff in the class's list (sent to staff readers only, shared/rules/visibility.ts) stands apart
 * from the family's lines: a trial's teacher read an allergy in the same small grey type as a sibling's name.
 */
afterEach(cleanup);

describe("a class's student with a note for staff", () => {
  it.each([
    ['fr', 'Note pour le personnel\u00a0: Allergie sévère aux arachides'],
    ['en', 'Staff note: Allergie sévère aux arachides'],
  ] as const)('%s: is said with a warning mark, apart from the family lines', (lang, said) => {
    const classIndex = FIXTURE.students[0]!.classIndex!;
    const directory = { ...FIXTURE, students: FIXTURE.students.map((s, i) => (i === 0 ? { ...s, staffNote: 'Allergie sévère aux arachides' } : s)) };
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ClassStudents index={buildDirectoryIndex(directory)} classIndex={classIndex} query="" onOpenParent={() => undefined} />
      </I18nextProvider>,
    );
    const note = screen.getByTestId('staff-note');
    expect(note.textContent).toContain(said);
    // Cloudscape's warning indicator: an icon before the text, not the small grey type of the lines above it.
    expect(note.querySelector('svg')).not.toBeNull();
  });
});
