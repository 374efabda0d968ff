import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import {
  PRIVACY_REQUEST_DETAILS_MAX,
  PRIVACY_REQUEST_KINDS,
  requestReference,
  type PrivacyRequestKind,
  type PrivacyRequestReceipt,
} from '@shared/contracts/privacy-requests-api';
import { currentLocale } from '../../i18n/i18n';
import { characterCount, formatCount } from '../../lib/number-format';
import { useTooLongText } from '../../lib/text-limit';
import { formatLongDate } from '../../lib/date-time';
import { ApiError } from '../../lib/api/api-client';
import type { NewPrivacyRequest } from '../../lib/api/privacy-requests-client';

/**
 * "Privacy request" (docs/privacy.md): on My Profile and on the update-link page. The page passes how to send it
 * (signed in, or with the link's token); the receipt's reference and due date show once it is filed.
 */
export function PrivacyRequestForm({ submit, filed }: {
  submit: (request: NewPrivacyRequest) => Promise<PrivacyRequestReceipt>;
  /** The requests already filed (My Profile lists them), above the receipt and the form. */
  filed?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [receipt, setReceipt] = useState<PrivacyRequestReceipt | null>(null);
  // Focus follows the form for keyboard and screen-reader users (a trial's fell back to the page's top): the form's
  // first choice as it opens (RequestFields), the receipt once filed, the opening button after Cancel.
  const receiptRef = useRef<HTMLDivElement>(null);
  const openRef = useRef<ButtonProps.Ref>(null);
  const [cancelled, setCancelled] = useState(0);
  useEffect(() => {
    if (receipt) receiptRef.current?.focus();
  }, [receipt]);
  useEffect(() => {
    if (cancelled > 0) openRef.current?.focus();
  }, [cancelled]);
  return (
    <div data-testid="privacy-request">
      <Container header={<Header variant="h2" description={t('privacyRequests.form.description')}>{t('privacyRequests.form.title')}</Header>}>
        <SpaceBetween size="m">
          {filed}
          {receipt && (
            <div ref={receiptRef} tabIndex={-1} data-testid="privacy-request-receipt">
              <Alert type="success" dismissible dismissAriaLabel={t('common.dismiss')} onDismiss={() => setReceipt(null)}>
                {t('privacyRequests.form.received', { reference: requestReference(receipt.id), date: formatLongDate(receipt.dueAt, currentLocale(i18n)) })}
              </Alert>
            </div>
          )}
          {open ? (
            <RequestFields
              submit={submit}
              onCancel={() => {
                setOpen(false);
                setCancelled((n) => n + 1);
              }}
              onFiled={(filed) => {
                setReceipt(filed);
                setOpen(false);
              }}
            />
          ) : (
            <Button ref={openRef} onClick={() => { setReceipt(null); setOpen(true); }}>{t('privacyRequests.form.open')}</Button>
          )}
        </SpaceBetween>
      </Container>
    </div>
  );
}

function RequestFields({ submit, onCancel, onFiled }: {
  submit: (request: NewPrivacyRequest) => Promise<PrivacyRequestReceipt>;
  onCancel: () => void;
  onFiled: (receipt: PrivacyRequestReceipt) => void;
}) {
  const { t, i18n } = useTranslation();
  // No type chosen for the parent: a correction sent as the default « Accès » reached the committee as an access request.
  const [kind, setKind] = useState<PrivacyRequestKind | null>(null);
  const [details, setDetails] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Leaving the directory is immediate with « Nom seulement »; the request waits up to 30 days for the committee (a
  // trial's withdrawal got a 30-day deadline, the immediate way unsaid).
  const options = PRIVACY_REQUEST_KINDS.map((value) => ({
    value,
    label: t(`privacyRequests.kinds.${value}`),
    ...(value === 'withdrawal' ? { description: t('privacyRequests.form.withdrawalNow') } : {}),
  }));
  const missing = details.trim() === '';
  const tooLong = useTooLongText();
  const fields = useRef<HTMLFormElement>(null);
  const focusOn = (selector: string) => fields.current?.querySelector<HTMLElement>(selector)?.focus();
  useLayoutEffect(() => focusOn('input[type=radio]'), []);
  const send = async () => {
    setTried(true);
    // A refused send puts the focus on what to fix, as the profile form does (it stayed on the button).
    if (!kind) return focusOn('input[type=radio]');
    if (missing || details.length > PRIVACY_REQUEST_DETAILS_MAX) return focusOn('textarea');
    setSending(true);
    setFailure(null);
    try {
      onFiled(await submit({ kind, details: details.trim() }));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      // The only token this form carries is the update link (the update page); `errors.TOKEN_*` speak of any link.
      const key = [`privacyRequests.form.linkErrors.${code}`, `errors.${code}`].find((k) => code && i18n.exists(k));
      setFailure(t(key ?? 'privacyRequests.form.failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <form ref={fields} onSubmit={(event) => { event.preventDefault(); void send(); }}>
      <Form
        errorText={failure}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onCancel}>{t('privacyRequests.form.cancel')}</Button>
            <Button variant="primary" loading={sending}>{t('privacyRequests.form.submit')}</Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          <FormField label={t('privacyRequests.form.kind')} errorText={tried && !kind ? t('privacyRequests.form.kindRequired') : undefined}>
            <RadioGroup
              value={kind}
              items={options}
              ariaLabel={t('privacyRequests.form.kind')}
              onChange={({ detail }) => setKind(detail.value as PrivacyRequestKind)}
            />
          </FormField>
          <FormField
            label={t('privacyRequests.form.details')}
            constraintText={<Box variant="small">{t('privacyRequests.form.detailsHint', { max: formatCount(PRIVACY_REQUEST_DETAILS_MAX, currentLocale(i18n)) })} ({characterCount(details.length, PRIVACY_REQUEST_DETAILS_MAX, currentLocale(i18n))})</Box>}
            errorText={tried && missing ? t('privacyRequests.form.detailsRequired') : tooLong(details, PRIVACY_REQUEST_DETAILS_MAX)}
          >
            <Textarea value={details} rows={5} onChange={({ detail }) => setDetails(detail.value)} />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
