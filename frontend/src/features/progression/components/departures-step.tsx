import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ProgressionWorkspace, WorkspaceParentDecision, WorkspaceStudent } from '@shared/contracts/progression-api';
import { compareNames, fullName } from '../../../lib/directory/names';
import { useLanguage } from '../../../lib/use-language';
import { placement } from '../model/review-summary';
import { LeavingParents } from './leaving-parents';

const REASON_MAX = 500;

export type DepartureChange = { studentId: string; departing: boolean; reason?: string };

/** A departing student's reason, saved when the field is left (optional, docs/progression.md, "Staging"). */
function ReasonField({ student, disabled, onSave }: {
  student: WorkspaceStudent;
  disabled: boolean;
  onSave: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const saved = student.departing?.reason ?? '';
  const [value, setValue] = useState(saved);
  return (
    <FormField
      label={t('progression.departures.reason')}
      constraintText={t('progression.departures.reasonHint')}
      errorText={value.length > REASON_MAX ? t('progression.newStudents.errors.tooLong') : undefined}
    >
      <Input
        value={value}
        disabled={disabled}
        ariaLabel={t('progression.departures.reasonFor', { name: fullName(student) })}
        onChange={({ detail }) => setValue(detail.value)}
        onBlur={() => value !== saved && value.length <= REASON_MAX && onSave(value)}
      />
    </FormField>
  );
}

/** The form that marks one more student as leaving, with an optional reason. */
function AddDeparture({ options, saving, onChange }: {
  options: SelectProps.Option[];
  saving: boolean;
  onChange: (changes: DepartureChange[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<SelectProps.Option | null>(null);
  const [reason, setReason] = useState('');

  const add = async () => {
    if (!choice?.value) return;
    await onChange([{ studentId: choice.value, departing: true, ...(reason.trim() ? { reason: reason.trim() } : {}) }]);
    setChoice(null);
    setReason('');
  };

  return (
    <Container header={<Header variant="h2" description={t('progression.departures.addHint')}>{t('progression.departures.addTitle')}</Header>}>
      <SpaceBetween size="m">
        <FormField label={t('progression.departures.student')}>
          <Select
            selectedOption={choice}
            options={options}
            filteringType="auto"
            filteringPlaceholder={t('progression.departures.search')}
            placeholder={t('progression.departures.choose')}
            empty={t('progression.departures.noStudent')}
            virtualScroll={options.length > 200}
            onChange={({ detail }) => setChoice(detail.selectedOption)}
          />
        </FormField>
        <FormField
          label={t('progression.departures.reason')}
          constraintText={t('progression.departures.reasonHint')}
          errorText={reason.length > REASON_MAX ? t('progression.newStudents.errors.tooLong') : undefined}
        >
          <Input value={reason} onChange={({ detail }) => setReason(detail.value)} />
        </FormField>
        <Button variant="primary" disabled={!choice || saving || reason.length > REASON_MAX} onClick={() => void add()}>
          {t('progression.departures.add')}
        </Button>
      </SpaceBetween>
    </Container>
  );
}

/** Step 5: students who leave the school (other than graduates), each with an optional reason and their parents. */
export function DeparturesStep({ workspace, saving, onChange, onDecide }: {
  workspace: ProgressionWorkspace;
  saving: boolean;
  onChange: (changes: DepartureChange[]) => Promise<void>;
  onDecide: (decision: WorkspaceParentDecision, status: 'remove' | 'keep') => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const labels = { levels: workspace.levels, classes: workspace.classes, lang };
  const continuing = workspace.students.filter((s) => s.outcome !== 'graduates').sort(compareNames);
  const departing = continuing.filter((s) => s.departing);
  const options = continuing
    .filter((s) => !s.departing)
    .map((s) => ({ value: s.studentId, label: fullName(s), description: placement(labels, s.currentLevel, s.currentClassId) }));

  return (
    <SpaceBetween size="l">
      <AddDeparture options={options} saving={saving} onChange={onChange} />
      <Cards
        items={departing}
        trackBy="studentId"
        cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
        header={<Header variant="h2" counter={`(${departing.length})`}>{t('progression.departures.listTitle')}</Header>}
        empty={<Box textAlign="center" padding="l">{t('progression.departures.empty')}</Box>}
        cardDefinition={{
          header: (s) => fullName(s),
          sections: [
            { id: 'class', header: t('progression.departures.class'), content: (s) => placement(labels, s.currentLevel, s.currentClassId) },
            {
              id: 'reason',
              content: (s) => (
                <ReasonField
                  key={s.departing?.reason ?? ''}
                  student={s}
                  disabled={saving}
                  onSave={(value) => void onChange([{ studentId: s.studentId, departing: true, reason: value }])}
                />
              ),
            },
            {
              id: 'parents',
              header: t('progression.parents.title'),
              content: (s) => (
                <LeavingParents parentIds={s.parentIds} decisions={workspace.parentDecisions} disabled={saving} onDecide={onDecide} />
              ),
            },
            {
              id: 'undo',
              content: (s) => (
                <Button
                  disabled={saving}
                  ariaLabel={t('progression.departures.undoFor', { name: fullName(s) })}
                  onClick={() => void onChange([{ studentId: s.studentId, departing: false }])}
                >
                  {t('progression.departures.undo')}
                </Button>
              ),
            },
          ],
        }}
      />
    </SpaceBetween>
  );
}
