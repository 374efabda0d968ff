// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { ParentsList } from '../../frontend/src/features/parents/components/parents-list';
import { FamiliesList } from '../../frontend/src/features/students/components/families-list';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { FIXTURE } from './directory-fixture';

/**
 * The list pages say how many results a search shows once (issue 31, item 8): the header's sentence, announced
 * as it changes; not also a "(1/8)" counter and a "1 résultat" beside the search box.
 */
afterEach(cleanup);
const index = buildDirectoryIndex(FIXTURE);

function renderAt(path: string, list: 'parents' | 'families') {
  render(
    <I18nextProvider i18n={createI18n('fr')}>
      <MemoryRouter initialEntries={[path]}>
        {list === 'parents' ? <ParentsList index={index} /> : <FamiliesList index={index} />}
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const said = (pattern: RegExp) => screen.queryAllByText(pattern).length;
/** The live regions that hold a number (each row's copy buttons have a status of their own, for "Copié"). */
const counts = () => screen.queryAllByRole('status').filter((status) => /\d/.test(status.textContent ?? ''));

describe('the count of a search', () => {
  it('is said once on Parents', async () => {
    renderAt('/parents?q=roy', 'parents');
    const total = FIXTURE.parents.length;
    await waitFor(() => expect(counts()[0]?.textContent).toMatch(new RegExp(`^\\d+ parents? affichés? sur ${total}$`)));
    const shown = Number(counts()[0]!.textContent!.split(' ')[0]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    expect(counts()).toHaveLength(1);
    expect(said(/^\(\d+\/\d+\)$/)).toBe(0);
    expect(said(/^\d+ résultats?$/)).toBe(0);
  });

  it('is said once on Students', async () => {
    renderAt('/students?q=tremblay', 'families');
    await waitFor(() => expect(counts()[0]?.textContent).toMatch(/^\d+ familles? affichées? sur \d+$/));
    expect(counts()).toHaveLength(1);
    expect(said(/^\(\d+\/\d+\)$/)).toBe(0);
    expect(said(/^\d+ résultats?$/)).toBe(0);
  });
});
