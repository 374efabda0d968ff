import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import { OptionFilter } from '../../../components/directory/option-filter';
import { Pagination } from '../../../components/pagination/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ProgressionWorkspace, WorkspaceStudent } from '@shared/contracts/progression-api';
import { fullName } from '../../../lib/directory/names';
import { formatCount } from '../../../lib/number-format';
import { useLanguage } from '../../../lib/use-language';
import { useAssignments, type Assignment, type Scope } from '../hooks/use-assignments';
import { placement } from '../model/review-summary';

type AssignmentsState = ReturnType<typeof useAssignments>;

/** Above the cards: which students, the filters, and a class for the whole selection. */
function AssignmentsFilter({ state }: { state: AssignmentsState }) {
  const { t } = useTranslation();
  const { scope, setScope, filters, setFilters, gradeOptions, classOptions, matching } = state;
  const withCount = (options: { value: string; label: string; count: number }[]) =>
    options.map((o) => ({ value: o.value, label: t('progression.assignments.optionCount', { label: o.label, count: o.count }) }));
  return (
    <SpaceBetween size="s">
      <SegmentedControl
        selectedId={scope}
        onChange={({ detail }) => setScope(detail.selectedId as Scope)}
        label={t('progression.assignments.scopeLabel')}
        options={[
          { id: 'needed', text: t('progression.assignments.scopeNeeded') },
          { id: 'all', text: t('progression.assignments.scopeAll') },
        ]}
      />
      <ColumnLayout columns={3} minColumnWidth={220}>
        <FormField label={t('progression.assignments.gradeFilter')}>
          <OptionFilter
            value={filters.grade}
            onChange={(grade) => setFilters({ grade })}
            allLabel={t('progression.assignments.allGrades')}
            options={withCount(gradeOptions)}
            ariaLabel={t('progression.assignments.gradeFilter')}
          />
        </FormField>
        <FormField label={t('progression.assignments.classFilter')}>
          <OptionFilter
            value={filters.fromClass}
            onChange={(fromClass) => setFilters({ fromClass })}
            allLabel={t('progression.assignments.allClasses')}
            options={withCount(classOptions)}
            ariaLabel={t('progression.assignments.classFilter')}
          />
        </FormField>
        <FormField label={t('progression.assignments.filter')}>
          <TextFilter
            filteringText={filters.text}
            onChange={({ detail }) => setFilters({ text: detail.filteringText })}
            filteringPlaceholder={t('progression.assignments.filterPlaceholder')}
            filteringAriaLabel={t('progression.assignments.filter')}
            countText={t('progression.results', { count: matching.length })}
          />
        </FormField>
      </ColumnLayout>
      <BulkAssign state={state} />
    </SpaceBetween>
  );
}

/**
 * Selecting every student the filters match (all pages, not just this one) and giving them one class: filtered
 * to one grade, a whole grade is placed in one action.
 */
function BulkAssign({ state }: { state: AssignmentsState }) {
  const { t } = useTranslation();
  const { matching, selected, selectAll, clearSelection, bulkClass, setBulkClass, bulkCandidates, classOption, assign } = state;
  return (
    <SpaceBetween size="s">
      <SpaceBetween size="xs" direction="horizontal" alignItems="center">
        <Button onClick={selectAll} disabled={matching.length === 0}>
          {t('progression.assignments.selectAll', { count: matching.length })}
        </Button>
        <Button variant="link" onClick={clearSelection} disabled={selected.length === 0}>
          {t('progression.assignments.clearSelection')}
        </Button>
        <Box variant="span">
          <span role="status" data-selected-count={selected.length}>
            {t('progression.assignments.selectedCount', { count: selected.length })}
          </span>
        </Box>
      </SpaceBetween>
      <SpaceBetween size="xs" direction="horizontal" alignItems="end">
        <FormField label={t('progression.assignments.bulkClass', { count: selected.length })}>
          <Select
            selectedOption={bulkClass && bulkCandidates.includes(bulkClass.value!) ? bulkClass : null}
            options={bulkCandidates.map(classOption)}
            onChange={({ detail }) => setBulkClass(detail.selectedOption)}
            placeholder={t('progression.assignments.choose')}
            empty={t(selected.length ? 'progression.assignments.noCommonClass' : 'progression.assignments.selectFirst')}
            disabled={selected.length === 0}
          />
        </FormField>
        <Button
          variant="primary"
          disabled={!bulkClass || selected.length === 0 || !bulkCandidates.includes(bulkClass.value!)}
          onClick={() => {
            const classId = bulkClass!.value!;
            void assign(selected.map((s) => ({ studentId: s.studentId, classId }))).then(clearSelection);
          }}
        >
          {t('progression.assignments.bulkAssign', { count: selected.length })}
        </Button>
      </SpaceBetween>
    </SpaceBetween>
  );
}

/** A card's class for next year: the classes that host the student's new level. */
function ClassPicker({ state, student: s }: { state: AssignmentsState; student: WorkspaceStudent }) {
  const { t } = useTranslation();
  const { labels, savingIds, classOption, assign } = state;
  return (
    <FormField label={placement(labels, s.newLevel, undefined)} errorText={s.candidateClassIds.length === 0 ? t('progression.assignments.noCandidate') : undefined}>
      <Select
        selectedOption={s.targetClassId ? classOption(s.targetClassId) : null}
        options={s.candidateClassIds.map(classOption)}
        placeholder={t('progression.assignments.choose')}
        disabled={savingIds.has(s.studentId) || s.candidateClassIds.length === 0}
        statusType={savingIds.has(s.studentId) ? 'loading' : 'finished'}
        ariaLabel={t('progression.assignments.classFor', { name: fullName(s) })}
        expandToViewport
        onChange={({ detail }) => void assign([{ studentId: s.studentId, classId: detail.selectedOption.value! }])}
      />
    </FormField>
  );
}

/** Step 2: a class for every student who needs one (docs/progression.md), one by one or in bulk. */
export function AssignmentsStep({ workspace, onAssign }: {
  workspace: ProgressionWorkspace;
  /** Saves assignments (classId null clears); resolves once the server answered. */
  onAssign: (assignments: Assignment[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const state = useAssignments(workspace, onAssign);
  const lang = useLanguage();
  const { labels, missing, needing } = state;
  const { items, collectionProps, paginationProps } = state.collection;
  const filtered = Boolean(state.filters.grade || state.filters.fromClass || state.filters.text);

  const status = (s: WorkspaceStudent) =>
    s.targetClassId ? (
      <StatusIndicator type="success">{t('progression.assignments.hasClass')}</StatusIndicator>
    ) : (
      <StatusIndicator type="warning">{t('progression.assignments.needsClass')}</StatusIndicator>
    );

  return (
    <SpaceBetween size="l">
      <Cards
        {...collectionProps}
        selectionType="multi"
        items={items}
        trackBy="studentId"
        cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
        ariaLabels={{
          itemSelectionLabel: (_, s) => t('progression.assignments.selectOne', { name: fullName(s) }),
          selectionGroupLabel: t('progression.assignments.selection'),
        }}
        header={
          <Header
            variant="h2"
            // « (0 sans classe sur 83) » once some are placed: the list still shows the 83 (a trial read « (0) » over 43 cards).
            counter={missing < needing ? t('progression.assignments.counter', { missing: formatCount(missing, lang), total: formatCount(needing, lang) }) : `(${formatCount(missing, lang)})`}
            description={t('progression.assignments.description')}
          >
            {t('progression.assignments.title')}
          </Header>
        }
        filter={<AssignmentsFilter state={state} />}
        pagination={<Pagination {...paginationProps} />}
        empty={
          <Box textAlign="center" padding="l">
            {filtered ? t('progression.noMatch') : t('progression.assignments.empty')}
          </Box>
        }
        cardDefinition={{
          header: (s) => fullName(s),
          sections: [
            { id: 'status', content: status },
            { id: 'now', header: t('progression.assignments.now'), content: (s) => placement(labels, s.currentLevel, s.currentClassId) },
            { id: 'class', header: t('progression.assignments.nextYear'), content: (s) => <ClassPicker state={state} student={s} /> },
          ],
        }}
      />
    </SpaceBetween>
  );
}
