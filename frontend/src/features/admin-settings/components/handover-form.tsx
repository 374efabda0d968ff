import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { HandoverRequest, MemberChoice } from '@shared/contracts/admin-roles-api';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { DayPicker, isCalendarDay } from '../../../components/date-picker/day-picker';
import { ApiError } from '../../../lib/api/api-client';
import { useErrorText } from '../../../lib/api/use-error-text';
import { formatLongDate } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import { useShownErrors, type ShownErrors } from '../../../lib/use-shown-errors';
import { schoolYearOf } from '@shared/rules/school-calendar';
import { useHandOver } from '../api/admin-roles-queries';

export interface HandoverFormProps {
  today: string;
  members: MemberChoice[];
  /** The caller's email (not a choice). */
  ownEmail?: string;
  onDone: (message: string) => void;
}

/** What is wrong with a typed day (a key of adminRoles.errors): none, not a day that exists (2026-02-30), or empty. */
function dayError(day: string, required: boolean): 'date' | 'dateInvalid' | undefined {
  if (day === '') return required ? 'date' : undefined;
  return isCalendarDay(day) ? undefined : 'dateInvalid';
}

/**
 * What is wrong with the incoming role's first day: it must exist and be today or later (`today`: the school's day,
 * from the server), the rule the server applies too (400 VALIDATION_FAILED, `from`: `before_today`).
 */
function fromError(from: string, today: string): 'date' | 'dateInvalid' | 'fromPast' | undefined {
  const day = from.trim();
  return dayError(day, true) ?? (day < today ? 'fromPast' : undefined);
}

/** What is wrong with the optional last day: it must exist and not come before the first day. */
function untilError(until: string, from: string): ReturnType<typeof dayError> | 'until' {
  const day = until.trim();
  return dayError(day, false) ?? (day !== '' && isCalendarDay(from.trim()) && day < from.trim() ? 'until' : undefined);
}

type DayField = 'from' | 'until' | 'ownUntil';
interface PeriodProps {
  today: string;
  from: string;
  until: string;
  title: string;
  setFrom: (v: string) => void;
  setUntil: (v: string) => void;
  setTitle: (v: string) => void;
  errors: ShownErrors<DayField>;
  fromServerError?: string;
  untilServerError?: string;
}

/** The incoming role's period and title: days typed as typed (DayPicker), never silently changed. */
function PeriodFields({ today, from, until, title, setFrom, setUntil, setTitle, errors, fromServerError, untilServerError }: PeriodProps) {
  const { t } = useTranslation();
  const fromProblem = errors.shown('from') ? fromError(from, today) : undefined;
  const untilProblem = errors.shown('until') ? untilError(until, from) : undefined;
  const fromText = fromProblem ? t(`adminRoles.errors.${fromProblem}`) : fromServerError;
  const untilText = untilProblem ? t(`adminRoles.errors.${untilProblem}`) : untilServerError;
  const firstDay = isCalendarDay(from.trim()) && from.trim() > today ? from.trim() : today;
  return (
      <ColumnLayout columns={3}>
              <FormField label={t('adminRoles.from')} errorText={fromText}>
                <DayPicker value={from} onChange={setFrom} onBlur={errors.leave('from')} minDay={today} invalid={!!fromText} />
              </FormField>
              <FormField label={t('adminRoles.until')} description={t('adminRoles.untilHint')} errorText={untilText}>
                <DayPicker value={until} onChange={setUntil} onBlur={errors.leave('until')} minDay={firstDay} invalid={!!untilText} />
              </FormField>
              {/* The example names the school year the access starts in (a trial read last year's). */}
              <FormField label={t('adminRoles.titleField')} description={t('adminRoles.titleHint', { year: schoolYearOf(firstDay) })}>
                <Input value={title} onChange={({ detail }) => setTitle(detail.value)} />
              </FormField>
            </ColumnLayout>
  );
}

function handoverRequest(v: { incoming: string; from: string; until: string; title: string; ownUntil?: string; lang: HandoverRequest['lang'] }): HandoverRequest {
  return {
    incomingEmail: v.incoming,
    from: v.from.trim(),
    ...(v.until.trim() ? { until: v.until.trim() } : {}),
    ...(v.title.trim() ? { title: v.title.trim() } : {}),
    ...(v.ownUntil?.trim() ? { ownUntil: v.ownUntil.trim() } : {}),
    lang: v.lang,
  };
}

/** Asks before a handover that ends one's own access. */
function ConfirmHandover({ visible, text, onCancel, onConfirm }: { visible: boolean; text: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={visible}
      title={t('adminRoles.confirmTitle')}
      confirmLabel={t('adminRoles.confirm')}
      cancelLabel={t('adminRoles.cancel')}
      onDismiss={onCancel}
      onConfirm={onConfirm}
    >
      {text}
    </ConfirmDialog>
  );
}

/** The handover (docs/operations.md, "Handing over"): who takes over, from when, until when, and one's own end. */
export function HandoverForm({ today, members, ownEmail, onDone }: HandoverFormProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const handOver = useHandOver();
  const errorText = useErrorText('adminRoles.handoverError');
  const [incoming, setIncoming] = useState<string | null>(null);
  const [from, setFrom] = useState(today);
  const [until, setUntil] = useState('');
  const [title, setTitle] = useState('');
  const [stepDown, setStepDown] = useState(false);
  const [ownUntil, setOwnUntil] = useState(today);
  const [confirming, setConfirming] = useState(false);
  const errors = useShownErrors<DayField>();
  const options = members.filter((m) => m.email !== ownEmail).map((m) => ({ value: m.email, label: m.name, description: m.email }));
  const chosen = options.find((o) => o.value === incoming) ?? null;
  const error = handOver.error;
  const fieldError = (path: string, issue?: string, key: string = path) =>
    error instanceof ApiError && error.fields.some((f) => f.path === path && (!issue || f.issue === issue)) ? t(`adminRoles.errors.${key}`) : undefined;
  const ownUntilProblem = stepDown ? dayError(ownUntil.trim(), true) : undefined;
  const ownUntilText = errors.shown('ownUntil') && ownUntilProblem ? t(`adminRoles.errors.${ownUntilProblem}`) : undefined;
  const invalid = !incoming || !!fromError(from, today) || !!untilError(until, from) || !!ownUntilProblem;

  const submit = () => {
    errors.attempt();
    if (invalid) return;
    // Always asked: an administrator sees and changes every record (a trial granted it without a word of that).
    setConfirming(true);
  };
  const reset = () => (setIncoming(null), setTitle(''), setUntil(''), setStepDown(false), errors.forget());
  const confirmText = () => {
    const name = chosen?.label ?? '';
    if (!stepDown) return t('adminRoles.confirmGrant', { name, email: chosen?.value ?? '', day: isCalendarDay(from) ? formatLongDate(from, lang) : from });
    const day = isCalendarDay(ownUntil.trim()) ? formatLongDate(ownUntil.trim(), lang) : ownUntil;
    return t(ownUntil.trim() < today ? 'adminRoles.confirmPast' : 'adminRoles.confirmBody', { name, day });
  };
  const send = () => {
    const request = handoverRequest({ incoming: incoming!, from, until, title, ownUntil: stepDown ? ownUntil : undefined, lang });
    setConfirming(false);
    // The roles are read again by the mutation (it names rolesKey) before the message shows.
    handOver.mutate(request, {
      onSuccess: (response) => {
        onDone(t(response.emailsSent === 2 ? 'adminRoles.handedOver' : 'adminRoles.handedOverNoEmail', { name: chosen?.label ?? incoming }));
        reset();
      },
    });
  };
  return (
    <form onSubmit={(event) => (event.preventDefault(), submit())}>
      <Form actions={<Button variant="primary" loading={handOver.isPending}>{t('adminRoles.handOver')}</Button>}>
        <Container header={<Header variant="h2" description={t('adminRoles.handoverDescription')}>{t('adminRoles.handoverTitle')}</Header>}>
          <SpaceBetween size="l">
            {error !== null && !(error instanceof ApiError && error.code === 'VALIDATION_FAILED') && <Alert type="error">{errorText(error)}</Alert>}
            <FormField label={t('adminRoles.incoming')} description={t('adminRoles.incomingHint')} errorText={fieldError('incomingEmail') ?? (errors.tried && !incoming ? t('adminRoles.errors.pickMember') : undefined)}>
              <Select
                selectedOption={chosen}
                options={options}
                filteringType="auto"
                filteringPlaceholder={t('adminRoles.search')}
                placeholder={t('adminRoles.pickMember')}
                empty={t('adminRoles.noMembers')}
                noMatch={t('adminRoles.noMatch')}
                onChange={({ detail }) => setIncoming(detail.selectedOption.value ?? null)}
              />
            </FormField>
            <PeriodFields {...{ today, from, until, title, setFrom, setUntil, setTitle, errors }} fromServerError={fieldError('from', 'before_today', 'fromPast')} untilServerError={fieldError('until')} />
            <Checkbox checked={stepDown} onChange={({ detail }) => setStepDown(detail.checked)} description={t('adminRoles.stepDownHint')}>
              {t('adminRoles.stepDown')}
            </Checkbox>
            {stepDown && (
              <FormField label={t('adminRoles.ownUntil')} description={t('adminRoles.ownUntilHint')} errorText={ownUntilText}>
                <DayPicker value={ownUntil} onChange={setOwnUntil} onBlur={errors.leave('ownUntil')} invalid={!!ownUntilText} />
              </FormField>
            )}
          </SpaceBetween>
        </Container>
      </Form>
      <ConfirmHandover visible={confirming} text={confirmText()} onCancel={() => setConfirming(false)} onConfirm={send} />
    </form>
  );
}
