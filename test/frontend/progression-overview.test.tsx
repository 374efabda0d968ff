// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ProgressionWorkspace } from '@shared/contracts/progression-api';
import { OverviewStep } from '../../frontend/src/features/progression/components/overview-step';
import { createI18n } from '../../frontend/src/i18n/i18n';

/**
 * Step 1 of the school progression (docs/progression.md) says once that the choices are saved as they are made: a
 * new user read it three times on one screen (the start's message, the status, the choices' card).
 */
afterEach(cleanup);

const COUNTS = {
  totalStudents: 120, autoProgression: 80, needsAssignment: 20, graduating: 20, assigned: 0,
  missingAssignments: 20, departing: 0, newStudents: 0, newParents: 0, parentsToRemove: 0,
};
const WORKSPACE = { progression: { fromYear: '2025-2026', toYear: '2026-2027', counts: COUNTS }, blockers: [] } as unknown as ProgressionWorkspace;

describe('step 1 of the school progression', () => {
  it.each([
    ['fr', /enregistr/g],
    ['en', /saved/g],
  ] as const)('%s: says once that the choices are saved, and the start message does not repeat it', (lang, saved) => {
    const i18n = createI18n(lang);
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <OverviewStep workspace={WORKSPACE} busy={false} onAnalyse={() => undefined} />
      </I18nextProvider>,
    );
    const text = container.textContent ?? '';
    expect(text.match(saved)).toHaveLength(1);
    // The message shown above the step right after the start (hooks/use-progression-actions.ts).
    expect(i18n.t('progression.start.started')).not.toMatch(saved);
  });
});
