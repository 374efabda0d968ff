import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { HandoverRequest, MemberChoice } from '@shared/contracts/admin-roles-api';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { ApiError } from '../../../lib/api/api-client';
import { useErrorText } from '../../../lib/api/use-error-text';
import { formatLongDate } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import { useHandOver } from '../api/admin-roles-queries';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface HandoverFormProps {
  today: string;
  members: MemberChoice[];
  /** The caller's email (not a choice). */
  ownEmail?: string;
  onDone: (message: string) => void;
}

function datePickerLabels(t: (key: string) => string) {
  return {
    // Québec's numeric date, as everywhere else in the app (2026-11-26), not Cloudscape's default 2026/11/26.
    format: 'iso' as const,
    inputFormat: 'iso' as const,
    placeholder: t('adminRoles.datePlaceholder'),
    openCalendarAriaLabel: (selected: string | null) => (selected ? `${t('adminRoles.openCalendar')}, ${selected}` : t('adminRoles.openCalendar')),
    i18nStrings: { previousMonthAriaLabel: t('adminRoles.previousMonth'), nextMonthAriaLabel: t('adminRoles.nextMonth'), todayAriaLabel: t('adminRoles.today') },
  };
}

interface PeriodProps {
  from: string;
  until: string;
  title: string;
  setFrom: (v: string) => void;
  setUntil: (v: string) => void;
  setTitle: (v: string) => void;
  tried: boolean;
  untilError?: string;
}

/** The incoming role's period and title. */
function PeriodFields({ from, until, title, setFrom, setUntil, setTitle, tried, untilError }: PeriodProps) {
  const { t } = useTranslation();
  const labels = datePickerLabels(t);
  return (
      <ColumnLayout columns={3}>
              <FormField label={t('adminRoles.from')} errorText={tried && !DAY.test(from) ? t('adminRoles.errors.date') : undefined}>
                <DatePicker value={from} onChange={({ detail }) => setFrom(detail.value)} {...labels} />
              </FormField>
              <FormField label={t('adminRoles.until')} description={t('adminRoles.untilHint')} errorText={untilError ?? (tried && until !== '' && until < from ? t('adminRoles.errors.until') : undefined)}>
                <DatePicker value={until} onChange={({ detail }) => setUntil(detail.value)} {...labels} />
              </FormField>
              <FormField label={t('adminRoles.titleField')} description={t('adminRoles.titleHint')}>
                <Input value={title} onChange={({ detail }) => setTitle(detail.value)} />
              </FormField>
            </ColumnLayout>
  );
}

function handoverRequest(v: { incoming: string; from: string; until: string; title: string; ownUntil?: string; lang: HandoverRequest['lang'] }): HandoverRequest {
  return {
    incomingEmail: v.incoming,
    from: v.from,
    ...(v.until ? { until: v.until } : {}),
    ...(v.title.trim() ? { title: v.title.trim() } : {}),
    ...(v.ownUntil ? { ownUntil: v.ownUntil } : {}),
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
  const [tried, setTried] = useState(false);
  const options = members.filter((m) => m.email !== ownEmail).map((m) => ({ value: m.email, label: m.name, description: m.email }));
  const chosen = options.find((o) => o.value === incoming) ?? null;
  const error = handOver.error;
  const fieldError = (path: string, issue?: string) =>
    error instanceof ApiError && error.fields.some((f) => f.path === path && (!issue || f.issue === issue)) ? t(`adminRoles.errors.${path}`) : undefined;
  const invalid = !incoming || !DAY.test(from) || (until !== '' && (!DAY.test(until) || until < from)) || (stepDown && !DAY.test(ownUntil));

  const submit = () => {
    setTried(true);
    if (invalid) return;
    if (stepDown) setConfirming(true);
    else send();
  };
  const reset = () => (setIncoming(null), setTitle(''), setUntil(''), setStepDown(false), setTried(false));
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
            <FormField label={t('adminRoles.incoming')} description={t('adminRoles.incomingHint')} errorText={fieldError('incomingEmail') ?? (tried && !incoming ? t('adminRoles.errors.pickMember') : undefined)}>
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
            <PeriodFields from={from} until={until} title={title} setFrom={setFrom} setUntil={setUntil} setTitle={setTitle} tried={tried} untilError={fieldError('until')} />
            <Checkbox checked={stepDown} onChange={({ detail }) => setStepDown(detail.checked)} description={t('adminRoles.stepDownHint')}>
              {t('adminRoles.stepDown')}
            </Checkbox>
            {stepDown && (
              <FormField label={t('adminRoles.ownUntil')} description={t('adminRoles.ownUntilHint')}>
                <DatePicker value={ownUntil} onChange={({ detail }) => setOwnUntil(detail.value)} {...datePickerLabels(t)} />
              </FormField>
            )}
          </SpaceBetween>
        </Container>
      </Form>
      <ConfirmHandover visible={confirming} text={t(ownUntil < today ? 'adminRoles.confirmPast' : 'adminRoles.confirmBody', { name: chosen?.label ?? '', day: formatLongDate(ownUntil, lang) })} onCancel={() => setConfirming(false)} onConfirm={send} />
    </form>
  );
}
