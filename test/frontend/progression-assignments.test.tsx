// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { ProgressionWorkspace, WorkspaceStudent } from '@shared/contracts/progression-api';
import type { Level } from '@shared/schemas/common';
import { AssignmentsStep } from '../../frontend/src/features/progression/components/assignments-step';
import type { Assignment } from '../../frontend/src/features/progression/hooks/use-assignments';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { windowWidthPerTest } from './window-width';

/**
 * Step 2 of the school progression (docs/progression.md), as a new user met it on the demo school: 82 students
 * needed a class, across three pages. "Select all" took only the page and mixed grades, so no bulk placement was
 * possible. Now a grade filter, then "select all" (every page), then one class places the whole grade.
 */
const setWidth = windowWidthPerTest();

const levels: Level[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  code: `G${n}`,
  order: n,
  label: { fr: `${n === 1 ? '1re' : `${n}e`} année`, en: `Grade ${n}` },
  shortLabel: { fr: n === 1 ? '1re' : `${n}e`, en: String(n) },
}));
const classes = [
  { id: 'c-g', code: 'G', name: 'Classe G', levels: ['G1', 'G2'] },
  { id: 'c-h', code: 'H', name: 'Classe H', levels: ['G4'] },
  { id: 'c-e', code: 'E', name: 'Classe E', levels: ['G3'] },
  { id: 'c-f', code: 'F', name: 'Classe F', levels: ['G3'] },
  { id: 'c-k', code: 'K', name: 'Classe K', levels: ['G5', 'G6'] },
];
const student = (n: number, from: string, to: string, classId: string, candidates: string[]): WorkspaceStudent => ({
  studentId: `s-${String(n).padStart(3, '0')}`,
  firstName: `Élève${n}`,
  lastName: `Nom${String(n).padStart(3, '0')}`,
  currentLevel: from,
  currentClassId: classId,
  newLevel: to,
  outcome: 'needsAssignment',
  candidateClassIds: candidates,
  parentIds: [],
});
// 33 go from 2e to 3e (Classe G teaches 1re-2e: two pages of 30), 4 from 4e to 5e (Classe H teaches 4e only): 37
// in all (the demo school had 82; fewer keep the file quick, the pages and the grades are what matter).
const toGrade3 = Array.from({ length: 33 }, (_, i) => student(i, 'G2', 'G3', 'c-g', ['c-e', 'c-f']));
const toGrade5 = Array.from({ length: 4 }, (_, i) => student(100 + i, 'G4', 'G5', 'c-h', ['c-k']));
const staying = { ...student(200, 'G1', 'G2', 'c-g', ['c-g']), outcome: 'stays' as const, targetClassId: 'c-g' };
const workspace = { levels, classes, students: [...toGrade3, ...toGrade5, staying] } as unknown as ProgressionWorkspace;

/** The step with a stand-in for the server: every save is recorded and shows on the cards, as after PUT …/assignments. */
function renderStep() {
  const sent: Assignment[][] = [];
  function Harness() {
    const [current, setCurrent] = useState(workspace);
    const onAssign = async (assignments: Assignment[]) => {
      sent.push(assignments);
      const byId = new Map(assignments.map((a) => [a.studentId, a.classId ?? undefined]));
      setCurrent((w) => ({
        ...w,
        students: w.students.map((s) => (byId.has(s.studentId) ? { ...s, assignedClassId: byId.get(s.studentId), targetClassId: byId.get(s.studentId) } : s)),
      }));
    };
    return <AssignmentsStep workspace={current} onAssign={onAssign} />;
  }
  render(
    <I18nextProvider i18n={createI18n('fr')}>
      <Harness />
    </I18nextProvider>,
  );
  return sent;
}

const selectNamed = (label: string) =>
  createWrapper().findAllFormFields().find((f) => f.findLabel()?.getElement().textContent === label)!.findControl()!.findSelect()!;
const choose = (label: string, value: string) => {
  const select = selectNamed(label);
  select.openDropdown();
  select.selectOptionByValue(value);
};
const optionTexts = (label: string) => {
  const select = selectNamed(label);
  select.openDropdown();
  const texts = select.findDropdown().findOptions().map((o) => o.getElement().textContent);
  select.findTrigger().click();
  return texts;
};
const selectedCount = () => document.querySelector('[data-selected-count]')!.textContent;
const cards = () => createWrapper().findCards()!;
/** Page numbers on a wide screen, "‹ Page 1 sur 2 ›" on a phone (components/pagination/pagination.tsx). */
const nextPage = (width: number) =>
  width < 600
    ? fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }))
    : createWrapper().findPagination()!.findNextPageButton().click();

describe('step 2 of the school progression: placing students in bulk', () => {
  // On a phone (the trial's): each render of thirty cards with their class lists is slow in jsdom, one width is enough
  // for the rule (the wide layout shows the same cards).
  it('filters to one grade, selects it on every page and places it in one action', async () => {
    const width = 375;
    setWidth(width);
    const sent = renderStep();

    // The grade filter: all, then each grade with its count; the class filter likewise.
    expect(optionTexts("Année l'an prochain")).toEqual(['Toutes les années', '3e année (33)', '5e année (4)']);
    expect(optionTexts('Classe cette année')).toEqual(['Toutes les classes', 'Classe G (1re-2e) (33)', 'Classe H (4e année) (4)']);
    expect(cards().findItems()).toHaveLength(30);

    // Everyone, both grades: the class list says they share no class.
    fireEvent.click(screen.getByRole('button', { name: 'Sélectionner les 37 élèves de la liste' }));
    expect(selectedCount()).toBe('37 élèves sélectionnés');
    const bulk = selectNamed('Classe des élèves sélectionnés (37)');
    bulk.openDropdown();
    expect(bulk.findDropdown().getElement().textContent).toContain("Les élèves sélectionnés n'ont aucune classe en commun");
    bulk.findTrigger().click();

    // One grade: a new list, nothing selected; select all takes its two pages.
    choose("Année l'an prochain", 'G3');
    expect(selectedCount()).toBe('Aucun élève sélectionné');
    fireEvent.click(screen.getByRole('button', { name: 'Sélectionner les 33 élèves de la liste' }));
    expect(selectedCount()).toBe('33 élèves sélectionnés');
    expect(cards().findSelectedItems()).toHaveLength(30);
    nextPage(width);
    expect(cards().findItems()).toHaveLength(3);
    expect(cards().findSelectedItems()).toHaveLength(3);

    choose('Classe des élèves sélectionnés (33)', 'c-f');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Placer la sélection (33)' }));
    });

    // One request with the 33 students of the grade, each in Classe F; the cards show it, the selection is done.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual(toGrade3.map((s) => ({ studentId: s.studentId, classId: 'c-f' })));
    expect(selectedCount()).toBe('Aucun élève sélectionné');
    expect(screen.getAllByText('Classe choisie', { exact: true })).toHaveLength(3);
    // The header's count says how many are left of those who needed a class, not « (4) » over 33 placed cards.
    expect(screen.getByRole('heading', { name: /^Élèves qui ont besoin d'une classe/ }).textContent).toMatch(/\(4 sans classe sur 37\)$/);
    // The class chosen went with that selection: the next group selected starts with none (a trial's every group went
    // to the first group's class once it was kept).
    fireEvent.click(screen.getByRole('button', { name: 'Sélectionner les 33 élèves de la liste' }));
    expect(selectNamed('Classe des élèves sélectionnés (33)').findTrigger().getElement().textContent).toBe('Choisir une classe');
    expect(screen.getByRole('button', { name: 'Placer la sélection (33)' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Effacer la sélection' }));

    // The other grade the same way, through the class filter this time. The whole list first: those still without a
    // class come first (page 1), the placed ones after them, so the last to place is never pages away.
    choose("Année l'an prochain", '');
    expect(cards().findItems().slice(0, 5).map((c) => c.findCardHeader()!.getElement().textContent)).toEqual([
      ...toGrade5.map((s) => `${s.firstName} ${s.lastName}`),
      'Élève0 Nom000',
    ]);
    choose('Classe cette année', 'c-h');
    fireEvent.click(screen.getByRole('button', { name: 'Sélectionner les 4 élèves de la liste' }));
    choose('Classe des élèves sélectionnés (4)', 'c-k');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Placer la sélection (4)' }));
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(toGrade5.map((s) => ({ studentId: s.studentId, classId: 'c-k' })));
  });

  it('searches names only: a grade or a class typed in the search no longer matches everyone', () => {
    renderStep();
    const search = createWrapper().findTextFilter()!;
    search.findInput().setInputValue('5e année');
    expect(search.findResultsCount().getElement().textContent).toBe('0 résultat');
    search.findInput().setInputValue('nom103');
    expect(cards().findItems().map((c) => c.findCardHeader()!.getElement().textContent)).toEqual(['Élève103 Nom103']);
  });
});
