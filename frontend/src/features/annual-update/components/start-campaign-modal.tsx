import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { schoolDay, schoolYearOf } from '@shared/rules/school-calendar';
import { lastDeadlineDay } from '@shared/rules/campaign-deadline';
import { useModalDismiss } from '../../../components/confirm-dialog/modal-dismiss';
import { DayPicker } from '../../../components/date-picker/day-picker';
import { StepProgress } from '../../../components/progress/step-progress';
import type { CommitteesState } from '../../../lib/committees/use-admin-committees';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useLanguage } from '../../../lib/use-language';
import { useShownErrors } from '../../../lib/use-shown-errors';
import { deadlineError } from '../model/campaign-state';
import { ReminderDaysField, defaultReminderDays } from './reminders';
import { deadlineErrorText } from './deadline-field';

/** `2025-2026` from August on, `2024-2025` before (the school's day): a Québec school year starts late August. */
export const defaultSchoolYear = (today = new Date()): string => schoolYearOf(schoolDay(today));

/**
 * The year the start dialog proposes: the current school year, or the one after the latest campaign's when that
 * year already had its campaign (a closed campaign's page offers Start for the next year: proposing the closed
 * year again could only be refused, « Rouvrez-la »). The current school year is the school's own (its settings, which
 * the progression moves on; the header, the home page and the progression say it) when known, else today's by the
 * calendar: a campaign updates the directory of the year the school is in, not the calendar's (a trial proposed
 * 2026-2027 in November while the school was still in 2025-2026).
 */
export function proposedSchoolYear(latestYear?: string, today = new Date(), schoolCurrentYear?: string): string {
  const current = schoolCurrentYear && isSchoolYear(schoolCurrentYear) ? schoolCurrentYear : defaultSchoolYear(today);
  const latest = latestYear ? SCHOOL_YEAR.exec(latestYear) : null;
  if (!latest || latestYear! < current) return current;
  const next = Number(latest[1]) + 1;
  return `${next}-${next + 1}`;
}

const SCHOOL_YEAR = /^(\d{4})-(\d{4})$/;
export function isSchoolYear(value: string): boolean {
  const match = SCHOOL_YEAR.exec(value);
  return Boolean(match && Number(match[2]) === Number(match[1]) + 1);
}

/**
 * A start's two waits, each real: the server creates the campaign and one participant (and link) per parent, and opens
 * the committees that recruit; then the page loads the participants' list the dialog closes onto.
 */
export type StartStep = 'create' | 'load';
const START_STEPS: readonly StartStep[] = ['create', 'load'];

/** What a start is doing (docs/annual-update.md, "Long actions"): « Étape 1 sur 2 : création d'un lien… » and a bar. */
export function StartProgress({ step }: { step: StartStep }) {
  const { t } = useTranslation();
  const key = 'annualUpdateAdmin.start';
  return <StepProgress label={t(`${key}.working`)} steps={START_STEPS.map((s) => t(`${key}.step.${s}`))} current={START_STEPS.indexOf(step)} />;
}

export interface StartChoices {
  schoolYear: string;
  deadline?: string;
  reminderDays?: number[];
  /** Review before publishing (docs/annual-update.md): absent when off. */
  review?: boolean;
  /** Staff members get a link to the staff form too (docs/annual-update.md, "Staff"). */
  includeStaff?: boolean;
  /** The committees that recruit this year (docs/annual-update.md): absent when the committees could not be read. */
  recruitingCommittees?: string[];
}

interface CampaignOptions {
  review: boolean;
  includeStaff: boolean;
}

/** The campaign's options, chosen at the start: review before publishing, and staff links. */
function CampaignOptionsField({ value, onChange }: { value: CampaignOptions; onChange: (value: CampaignOptions) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Checkbox
        checked={value.review}
        description={t('annualUpdateAdmin.review.startHint')}
        onChange={({ detail }) => onChange({ ...value, review: detail.checked })}
      >
        {t('annualUpdateAdmin.review.startLabel')}
      </Checkbox>
      <Checkbox
        checked={value.includeStaff}
        description={t('staffUpdate.start.includeStaffHint')}
        onChange={({ detail }) => onChange({ ...value, includeStaff: detail.checked })}
      >
        {t('staffUpdate.start.includeStaff')}
      </Checkbox>
    </>
  );
}

/**
 * Which committees recruit this year: one box per committee, ticked when it takes sign-ups today. The answer opens
 * the ticked ones and closes the others when the campaign starts (docs/annual-update.md, "Committees that recruit").
 */
function RecruitingField({ committees, chosen, onChange }: {
  committees: CommitteesState;
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  let content;
  if (committees.kind === 'loading') content = <StatusIndicator type="loading">{t('adminCommittees.recruiting.loading')}</StatusIndicator>;
  else if (committees.kind === 'failed') content = <StatusIndicator type="warning">{t('adminCommittees.recruiting.loadError')}</StatusIndicator>;
  else if (committees.rows.length === 0) content = <Box color="text-body-secondary">{t('adminCommittees.recruiting.none')}</Box>;
  else {
    const toggle = (id: string, on: boolean) => {
      const next = new Set(chosen);
      if (on) next.add(id);
      else next.delete(id);
      onChange(next);
    };
    content = (
      <SpaceBetween size="xxs">
        {committees.rows.map(({ committee }) => (
          <Checkbox key={committee.id} checked={chosen.has(committee.id)} onChange={({ detail }) => toggle(committee.id, detail.checked)}>
            {committee.name[lang]}
          </Checkbox>
        ))}
      </SpaceBetween>
    );
  }
  return (
    <FormField label={t('adminCommittees.recruiting.label')} description={t('adminCommittees.recruiting.description')}>
      <div data-testid="recruiting-committees">{content}</div>
    </FormField>
  );
}

/** The committees open to sign-ups now: the dialog's starting answer, once they are read. */
function useRecruitingChoice(committees: CommitteesState, visible: boolean) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (visible && committees.kind === 'ready') setChosen(new Set(committees.rows.filter((row) => row.open).map((row) => row.committee.id)));
  }, [committees, visible]);
  return [chosen, setChosen] as const;
}

type CheckedField = 'year' | 'deadline';
/**
 * Cloudscape's pattern for the dialog's errors: Start stays enabled; a field's error shows once the field was left,
 * or when Start is pressed, which then refuses and moves the focus to the first field to fix (its error is read
 * with it) instead of a greyed-out button that says nothing. Each opening starts clean.
 */
function useStartErrors(visible: boolean) {
  const errors = useShownErrors<CheckedField>();
  const { forget } = errors;
  useEffect(() => {
    if (visible) forget();
  }, [visible, forget]);
  const invalidFocus = useFocusFirstInvalid<HTMLDivElement>();
  return {
    ...errors,
    ref: invalidFocus.ref,
    refuse: () => {
      errors.attempt();
      invalidFocus.afterSubmit();
    },
  };
}

/** Cancel and Start, with the start's progress above them while it runs. */
function StartFooter({ step, busy, onDismiss, onStart }: { step?: StartStep | null; busy: boolean; onDismiss: () => void; onStart: () => void }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="s">
      {/* What the wait is for, step by step (a bare spinner for seconds told nothing), said to screen readers too. */}
      <div data-testid="start-progress">{step && <StartProgress step={step} />}</div>
      <Box float="right">
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="link" onClick={onDismiss}>{t('annualUpdateAdmin.cancel')}</Button>
          <Button variant="primary" loading={busy} onClick={onStart}>
            {t('annualUpdateAdmin.start.submit')}
          </Button>
        </SpaceBetween>
      </Box>
    </SpaceBetween>
  );
}

/**
 * The campaign's school year; another year than the school's (typed, or the next one after a closed campaign) says
 * which year the school is in (its settings), as a warning under the field.
 */
function SchoolYearField({ value, onChange, onBlur, showError, schoolCurrentYear }: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  showError: boolean;
  schoolCurrentYear?: string;
}) {
  const { t } = useTranslation();
  const other = !showError && schoolCurrentYear !== undefined && value !== schoolCurrentYear;
  return (
    <FormField
      label={t('annualUpdateAdmin.start.schoolYear')}
      constraintText={t('annualUpdateAdmin.start.schoolYearHint')}
      errorText={showError ? t('annualUpdateAdmin.start.schoolYearInvalid') : undefined}
      warningText={other ? t('annualUpdateAdmin.start.schoolYearOther', { year: schoolCurrentYear }) : undefined}
    >
      <Input value={value} invalid={showError} onChange={({ detail }) => onChange(detail.value)} onBlur={onBlur} />
    </FormField>
  );
}

/** No committee (one object: a new default at each render would restart the recruiting choice's effect forever). */
const NO_COMMITTEES: CommitteesState = { kind: 'ready', rows: [] };

/**
 * Starting a campaign (docs/annual-update.md, "Starting"): the school year, a deadline chosen on a calendar, the
 * reminders, review and staff options, and the committees that recruit. No typed word: starting changes nothing a
 * parent sees until a send, and the sends ask first.
 */
export function StartCampaignModal({ visible, busy, step, error, onDismiss, onStart, latestYear, schoolCurrentYear, committees = NO_COMMITTEES }: {
  visible: boolean;
  /** The start failed (a campaign of that year already exists, the network): said at the top, the dialog open. */
  error?: string;
  /** The start's step under way (the server's work, then the participants' list), while it runs. */
  step?: StartStep | null;
  /** A closed latest campaign's school year (the proposed year skips it); not an interrupted start's, which is resumed. */
  latestYear?: string;
  /** The school's current school year (its settings), when read: proposed, and said when another year is typed. */
  schoolCurrentYear?: string;
  busy: boolean;
  onDismiss: () => void;
  onStart: (choices: StartChoices) => void;
  committees?: CommitteesState;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [schoolYear, setSchoolYear] = useState(() => proposedSchoolYear(latestYear, new Date(), schoolCurrentYear));
  // Each opening proposes afresh (the latest campaign, or the school's year, may have loaded or changed since).
  useEffect(() => {
    if (visible) setSchoolYear(proposedSchoolYear(latestYear, new Date(), schoolCurrentYear));
  }, [visible, latestYear, schoolCurrentYear]);
  const [deadline, setDeadline] = useState('');
  const [reminderDays, setReminderDays] = useState(defaultReminderDays);
  const [options, setOptions] = useState<CampaignOptions>({ review: false, includeStaff: false });
  const [recruiting, setRecruiting] = useRecruitingChoice(committees, visible);
  const yearOk = isSchoolYear(schoolYear);
  const deadlineProblem = deadlineError(deadline.trim(), schoolDay(), yearOk ? schoolYear : undefined);
  const errors = useStartErrors(visible);
  const showYearError = !yearOk && errors.shown('year');
  const showDeadlineError = !!deadlineProblem && errors.shown('deadline');
  const choices = (): StartChoices => {
    const day = deadline.trim();
    const chosen = { ...(options.includeStaff ? { includeStaff: true } : {}), ...(options.review ? { review: true } : {}) };
    const committeeChoice = committees.kind === 'ready' && committees.rows.length > 0 ? { recruitingCommittees: [...recruiting] } : {};
    return { ...(day ? { schoolYear, deadline: day, reminderDays } : { schoolYear }), ...chosen, ...committeeChoice };
  };
  const submit = () => (yearOk && !deadlineProblem ? onStart(choices()) : errors.refuse());
  const dismiss = useModalDismiss(visible, onDismiss);
  return (
    <Modal
      visible={visible}
      onDismiss={dismiss}
      header={t('annualUpdateAdmin.start.title')}
      footer={<StartFooter step={step} busy={busy} onDismiss={onDismiss} onStart={submit} />}
    >
      <div ref={errors.ref}>
        <SpaceBetween size="m">
          {error && <Alert type="error">{error}</Alert>}
          <Box variant="p">{t('annualUpdateAdmin.start.body')}</Box>
          <SchoolYearField
            value={schoolYear}
            onChange={setSchoolYear}
            onBlur={errors.leave('year')}
            showError={showYearError}
            schoolCurrentYear={yearOk ? schoolCurrentYear : undefined}
          />
          <FormField
            label={t('annualUpdateAdmin.start.deadline')}
            constraintText={t('annualUpdateAdmin.start.deadlineHint')}
            errorText={showDeadlineError ? deadlineErrorText(t, deadlineProblem!, schoolYear, lang) : undefined}
          >
            <DayPicker
              value={deadline}
              onChange={setDeadline}
              onBlur={errors.leave('deadline')}
              minDay={schoolDay()}
              maxDay={yearOk ? lastDeadlineDay(schoolYear) : undefined}
              invalid={showDeadlineError}
            />
          </FormField>
          <ReminderDaysField value={reminderDays} onChange={setReminderDays} disabled={deadline.trim() === '' || !!deadlineProblem} />
          <CampaignOptionsField value={options} onChange={setOptions} />
          <RecruitingField committees={committees} chosen={recruiting} onChange={setRecruiting} />
        </SpaceBetween>
      </div>
    </Modal>
  );
}
