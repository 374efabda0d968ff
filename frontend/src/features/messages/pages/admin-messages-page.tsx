import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import {
  MESSAGE_REJECTION_REASON_MAX,
  MessageDecisionSchema,
  pastedText,
  personKey,
  type AdminMessagesResponse,
  type Message,
  type MessageSettings,
} from '@shared/contracts/messages-api';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api/api-client';
import { useErrorText } from '../../../lib/api/use-error-text';
import { formatDateTime } from '../../../lib/date-time';
import { useIsMobile } from '../../../lib/use-language';
import { isSettingsConflict, messagesKeys, sendToEnd, useAdminMessages, useDecideMessage, useSaveMessageSettings } from '../api/messages-queries';
import { MessageBody } from '../components/message-body';
import { SendProgress } from '../components/send-progress';
import { countsText } from '../model/counts-text';
import { charactersLeft, formatCount } from '../../../lib/number-format';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

const SWITCHES = ['classRepresentatives', 'committeeChairs', 'teachers', 'approveRepresentatives'] as const;
type Switches = Pick<MessageSettings, (typeof SWITCHES)[number]>;

const switchesOf = (settings: MessageSettings): Switches =>
  Object.fromEntries(SWITCHES.map((name) => [name, settings[name]])) as Switches;

/** Why a save failed: settings changed meanwhile (the page now shows them), or the error's own sentence. */
function useSaveErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText('messages.admin.saveFailed');
  return (error: unknown) => (isSettingsConflict(error) ? t('messages.admin.conflict') : errorText(error));
}

/**
 * The switches. Only they are edited here: a save sends them over the settings as last read (their version and
 * withdrawn authors), so a withdrawal or a restore made on this page is kept; one made elsewhere meanwhile makes
 * the server refuse the save (409), and the form then shows the current settings.
 */
function SettingsForm({ settings }: { settings: MessageSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSaveMessageSettings();
  const errorText = useSaveErrorText();
  const [draft, setDraft] = useState(() => switchesOf(settings));
  // One save at a time: a double click's second one carried the version the first had just replaced, and its 409
  // said « changed in the meantime » over a save that had worked (a trial's).
  const once = useOneAtATime();
  const onSave = () =>
    once(async () => {
      try {
        await save.mutateAsync({ ...settings, ...draft });
      } catch (error) {
        const current = queryClient.getQueryData<AdminMessagesResponse>(messagesKeys.admin);
        if (isSettingsConflict(error) && current) setDraft(switchesOf(current.settings));
      }
    });
  return (
    <Container header={<Header variant="h2" description={t('messages.admin.settingsHint')}>{t('messages.admin.settings')}</Header>}>
      <SpaceBetween size="m">
        {SWITCHES.map((name) => (
          <Toggle key={name} checked={draft[name]} onChange={({ detail }) => setDraft({ ...draft, [name]: detail.checked })}>
            {t(`messages.admin.switch.${name}`)}
          </Toggle>
        ))}
        {save.isError && <Alert type="error">{errorText(save.error)}</Alert>}
        {save.isSuccess && <Alert type="success">{t('messages.admin.saved')}</Alert>}
        <Button variant="primary" loading={save.isPending} onClick={() => void onSave()}>{t('messages.admin.save')}</Button>
      </SpaceBetween>
    </Container>
  );
}

/** A subject in the reader's language when written in it, else the language it was written in; long ones wrap. */
const subjectOf = (message: Message, lang: 'fr' | 'en') => message.subject[lang] ?? message.subject.fr ?? message.subject.en ?? '';

function Subject({ message, lang }: { message: Message; lang: 'fr' | 'en' }) {
  return <span style={{ overflowWrap: 'anywhere' }}>{subjectOf(message, lang)}</span>;
}

/**
 * A decision refused because another administrator (or another window) decided first: the server answers 409
 * CONFLICT only when the other decision was made (the same one is answered as decided), so approving found it
 * refused, refusing found it approved.
 */
const decidedMeanwhile = (error: unknown) => error instanceof ApiError && error.code === 'CONFLICT';

/** What the page says after a decision found the message already decided the other way. */
interface Notice {
  key: 'alreadyRejected' | 'alreadyApproved';
  subject: string;
}

interface Sending {
  id: string;
  busy: boolean;
  progress?: Message;
  error?: unknown;
}

/**
 * Sending a held message from this screen once approved, or going on with one whose sending stopped: the progress
 * as each paced chunk answers, or why it stopped. The log is read again at the end either way.
 */
function useAdminSend() {
  const { i18n } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const decide = useDecideMessage();
  const [sending, setSending] = useState<Sending | undefined>();
  const [notice, setNotice] = useState<Notice | undefined>();
  const onDecidedMeanwhile = (m: Message) => setNotice({ key: 'alreadyRejected', subject: subjectOf(m, currentLocale(i18n)) });
  const send = async (m: Message, approveFirst: boolean) => {
    setNotice(undefined);
    setSending({ id: m.id, busy: true });
    if (approveFirst) {
      try {
        setSending({ id: m.id, busy: true, progress: (await decide.mutateAsync({ id: m.id, approve: true })).message });
      } catch (error) {
        // Refused meanwhile: nothing was sent, nothing to resume; the page says so and reads the log again.
        if (decidedMeanwhile(error)) {
          setSending(undefined);
          onDecidedMeanwhile(m);
          void queryClient.invalidateQueries({ queryKey: messagesKeys.admin });
          return;
        }
        setSending({ id: m.id, busy: false, error });
        void queryClient.invalidateQueries({ queryKey: messagesKeys.admin });
        return;
      }
    }
    try {
      await sendToEnd(apiBaseUrl, m.id, (progress) => setSending({ id: m.id, busy: true, progress }));
      setSending((s) => s && { ...s, busy: false });
    } catch (error) {
      setSending((s) => ({ id: m.id, busy: false, error, ...(s?.progress ? { progress: s.progress } : {}) }));
    } finally {
      void queryClient.invalidateQueries({ queryKey: messagesKeys.admin });
    }
  };
  return { sending, send, notice, setNotice };
}

type AdminSend = ReturnType<typeof useAdminSend>;

/** The progress of the message this administrator is sending, and a sentence when it stopped. */
function AdminSendProgress({ sending }: { sending: Sending }) {
  const { t } = useTranslation();
  const errorText = useErrorText('messages.compose.failed');
  return (
    <Container header={<Header variant="h2">{t('messages.admin.sendingTitle')}</Header>}>
      <SpaceBetween size="s">
        {sending.progress && <SendProgress message={sending.progress} />}
        {sending.error !== undefined && (
          <Alert type="error" header={t('messages.admin.sendStopped')}>
            {errorText(sending.error)} {t('messages.admin.resumeHint')}
          </Alert>
        )}
      </SpaceBetween>
    </Container>
  );
}

/** Why a refusal's reason cannot be sent, by the contract the server checks too (its length, its characters). */
function reasonProblem(reason: string): 'tooLong' | 'invalid' | undefined {
  const parsed = MessageDecisionSchema.safeParse({ approve: false, reason });
  if (parsed.success) return undefined;
  return parsed.error.issues.some((issue) => issue.code === 'too_big') ? 'tooLong' : 'invalid';
}

/**
 * Refusing a held message is final (its author would have to write again): asked first, away from « Approuver et
 * envoyer », with an optional reason for the author (emailed to them and shown on their page; checked here with the
 * server's own schema, its error under the field); a refusal that failed is said in the dialog, which stays open.
 */
function RejectDialog({ message, onClose, onDecidedMeanwhile }: { message: Message; onClose: () => void; onDecidedMeanwhile: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const decide = useDecideMessage();
  const errorText = useErrorText('messages.admin.rejectFailed');
  const [reason, setReason] = useState('');
  const problem = reasonProblem(reason);
  const left = MESSAGE_REJECTION_REASON_MAX - reason.length;
  const problemText =
    problem === 'tooLong'
      ? t('messages.admin.reasonTooLong', { max: formatCount(MESSAGE_REJECTION_REASON_MAX, lang), count: formatCount(reason.length, lang) })
      : problem && t('messages.admin.reasonInvalid');
  return (
    <ConfirmDialog
      visible
      title={t('messages.admin.rejectTitle', { name: message.author.name, subject: subjectOf(message, lang) })}
      confirmLabel={t('messages.admin.reject')}
      busy={decide.isPending}
      disabled={problem !== undefined}
      {...(decide.isError ? { error: errorText(decide.error) } : {})}
      onDismiss={onClose}
      onConfirm={() =>
        decide.mutateAsync({ id: message.id, approve: false, reason }).then(onClose, (error: unknown) => {
          // Approved meanwhile: the dialog closes and the page says so (the log is read again by the mutation).
          if (decidedMeanwhile(error)) onDecidedMeanwhile();
        })
      }
    >
      <SpaceBetween size="m">
        <span>{t('messages.admin.rejectBody')}</span>
        <FormField
          label={t('messages.admin.reasonLabel')}
          description={t('messages.admin.reasonHint')}
          {...(problemText ? { errorText: problemText } : { constraintText: charactersLeft(t, 'messages.admin.reasonLeft', left, lang) })}
        >
          <Textarea rows={4} value={reason} invalid={problem !== undefined} onChange={({ detail }) => setReason(pastedText(detail.value))} />
        </FormField>
      </SpaceBetween>
    </ConfirmDialog>
  );
}

/** A message's status in the log, and a refusal's reason under it. */
function StatusCell({ message }: { message: Message }) {
  const { t } = useTranslation();
  const reason = message.status === 'rejected' ? message.decision?.reason : undefined;
  return (
    <SpaceBetween size="xxxs">
      <span>{t(`messages.status.${message.status}`)}</span>
      {reason && (
        <Box variant="small" color="text-body-secondary">
          <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{t('messages.admin.reasonShown', { reason })}</span>
        </Box>
      )}
    </SpaceBetween>
  );
}

/** One language's version of a held message: its subject, then its text as written (plain text, line breaks kept). */
function Version({ message, lang, label }: { message: Message; lang: 'fr' | 'en'; label?: string }) {
  return (
    <SpaceBetween size="xs">
      {label && <Box variant="awsui-key-label">{label}</Box>}
      <Box variant="strong">
        <span style={{ overflowWrap: 'anywhere' }}>{message.subject[lang]}</span>
      </Box>
      <Box>
        <MessageBody text={message.body[lang] ?? ''} />
      </Box>
    </SpaceBetween>
  );
}

/**
 * The messages held for approval, each in full where it is decided (docs/messages.md, "Approval"): who wrote it, to
 * whom, when, its subject and text in each language it was written in (French and English side by side on a wide
 * screen, one under the other on a phone), then « Approuver et envoyer » and « Refuser ».
 */
function PendingMessages({ messages, actions }: { messages: Message[]; actions: (m: Message) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  if (messages.length === 0) return null;
  return (
    <Container
      data-testid="pending-messages"
      header={<Header variant="h2" counter={`(${messages.length})`} description={t('messages.admin.pendingHint')}>{t('messages.admin.pendingTitle')}</Header>}
    >
      <SpaceBetween size="l">
        {messages.map((m) => {
          const both = m.body.fr !== undefined && m.body.en !== undefined;
          return (
            <Container
              key={m.id}
              data-testid={`pending-message-${m.id}`}
              header={
                <Header
                  variant="h3"
                  actions={actions(m)}
                  description={t('messages.admin.pendingMeta', {
                    name: m.author.name,
                    role: m.author.role[lang],
                    audience: m.audienceLabel[lang],
                    date: formatDateTime(m.createdAt, lang),
                    recipients: m.counts.recipients,
                  })}
                >
                  <Subject message={m} lang={lang} />
                </Header>
              }
            >
              {both ? (
                <ColumnLayout columns={2} variant="text-grid">
                  <Version message={m} lang="fr" label={t('messages.admin.inFrench')} />
                  <Version message={m} lang="en" label={t('messages.admin.inEnglish')} />
                </ColumnLayout>
              ) : (
                <Box>
                  <MessageBody text={m.body.fr ?? m.body.en ?? ''} />
                </Box>
              )}
            </Container>
          );
        })}
      </SpaceBetween>
    </Container>
  );
}

/**
 * The held messages in full with « Approuver et envoyer » and « Refuser », the refusal's dialog, and what a decision
 * that found the message decided meanwhile says.
 */
function PendingReview({ messages, admin }: { messages: Message[]; admin: AdminSend }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const queryClient = useQueryClient();
  const { sending, send, notice, setNotice } = admin;
  const [reject, setReject] = useState<Message | undefined>();
  const busy = sending?.busy === true;
  const decisions = (m: Message) => (
    <SpaceBetween direction="horizontal" size="xs">
      <Button loading={busy && sending?.id === m.id} disabled={busy} onClick={() => void send(m, true)}>{t('messages.admin.approve')}</Button>
      <Button
        disabled={busy}
        onClick={() => {
          setNotice(undefined);
          setReject(m);
        }}
      >
        {t('messages.admin.reject')}
      </Button>
    </SpaceBetween>
  );
  return (
    <>
      {notice && (
        <Alert type="warning" dismissible onDismiss={() => setNotice(undefined)}>
          {t(`messages.admin.${notice.key}`, { subject: notice.subject })}
        </Alert>
      )}
      <PendingMessages messages={messages.filter((m) => m.status === 'pendingApproval')} actions={decisions} />
      {reject && (
        <RejectDialog
          message={reject}
          onClose={() => setReject(undefined)}
          onDecidedMeanwhile={() => {
            setReject(undefined);
            setNotice({ key: 'alreadyApproved', subject: subjectOf(reject, lang) });
            void queryClient.invalidateQueries({ queryKey: messagesKeys.admin });
          }}
        />
      )}
    </>
  );
}

/** The message log (docs/messages.md, "Limits"): author, audience, counts, time; approvals; a right withdrawn. */
function Log({ messages, settings }: { messages: Message[]; settings: MessageSettings }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const mobile = useIsMobile();
  const admin = useAdminSend();
  const { sending, send } = admin;
  const save = useSaveMessageSettings();
  const errorText = useSaveErrorText();
  const [withdraw, setWithdraw] = useState<Message | undefined>();
  const busy = sending?.busy === true;
  // Each opening starts without the last attempt's error.
  const askWithdraw = (m: Message) => {
    save.reset();
    setWithdraw(m);
  };
  // Approving and refusing are offered where the message is read in full (PendingReview), not in the log's row.
  const actions = (m: Message) => (
    <SpaceBetween direction="horizontal" size="xs">
      {m.status === 'sending' && (
        <Button loading={busy && sending?.id === m.id} disabled={busy} onClick={() => void send(m, false)}>{t('messages.admin.resume')}</Button>
      )}
      {/* A message written as administrator (its kind is `school`): withdrawing takes nothing from that role. */}
      {m.category !== 'school' && !settings.withdrawn.includes(personKey(m.author.personType, m.author.personId)) && (
        <Button variant="inline-link" onClick={() => askWithdraw(m)}>{t('messages.admin.withdraw')}</Button>
      )}
    </SpaceBetween>
  );
  const columns = [
    // A moment is never broken inside (« 2026-11- / 30 »): the column is as wide as it.
    { id: 'at', header: t('messages.admin.columns.at'), cell: (m: Message) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, lang)}</span> },
    { id: 'author', header: t('messages.admin.columns.author'), cell: (m: Message) => `${m.author.name} (${m.author.role[lang]})` },
    { id: 'audience', header: t('messages.admin.columns.audience'), cell: (m: Message) => m.audienceLabel[lang] },
    { id: 'subject', header: t('messages.admin.columns.subject'), cell: (m: Message) => <Subject message={m} lang={lang} /> },
    { id: 'counts', header: t('messages.admin.columns.counts'), cell: (m: Message) => countsText(t, m, lang) },
    { id: 'status', header: t('messages.admin.columns.status'), cell: (m: Message) => <StatusCell message={m} /> },
    { id: 'actions', header: t('messages.admin.columns.actions'), cell: actions },
  ];
  const shared = {
    items: messages,
    header: <Header variant="h2" counter={`(${messages.length})`}>{t('messages.admin.log')}</Header>,
    empty: <Box color="text-body-secondary">{t('messages.admin.empty')}</Box>,
  };
  return (
    <>
      {sending && (sending.progress || sending.error !== undefined) && <AdminSendProgress sending={sending} />}
      <PendingReview messages={messages} admin={admin} />
      {/* A table on wide screens, cards on phones (docs/product-rules.md): seven columns do not fit 375 px. An empty
          log on a phone is one box, its title and what it says together (Cards would show the title alone in a box). */}
      {mobile && messages.length === 0 ? (
        <Container header={shared.header}>{shared.empty}</Container>
      ) : mobile ? (
        <Cards
          {...shared}
          ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: t('messages.admin.log') }}
          cardDefinition={{
            header: (m) => <Subject message={m} lang={lang} />,
            sections: columns.filter((c) => c.id !== 'subject').map((c) => ({ id: c.id, header: c.header, content: c.cell })),
          }}
        />
      ) : (
        <Table {...shared} wrapLines columnDefinitions={columns} ariaLabels={{ tableLabel: t('messages.admin.log') }} />
      )}
      <ConfirmDialog
        visible={withdraw !== undefined}
        title={t('messages.admin.withdrawTitle', { name: withdraw?.author.name ?? '' })}
        confirmLabel={t('messages.admin.withdraw')}
        busy={save.isPending}
        onDismiss={() => setWithdraw(undefined)}
        onConfirm={async () => {
          const key = personKey(withdraw!.author.personType, withdraw!.author.personId);
          // At the settings' version as read; a change made meanwhile is refused and said in the dialog.
          const withdrawn = settings.withdrawn.includes(key) ? settings.withdrawn : [...settings.withdrawn, key];
          await save.mutateAsync({ ...settings, withdrawn }).then(() => setWithdraw(undefined), () => undefined);
        }}
      >
        <SpaceBetween size="m">
          {save.isError && <Alert type="error">{errorText(save.error)}</Alert>}
          <span>{t('messages.admin.withdrawBody')}</span>
        </SpaceBetween>
      </ConfirmDialog>
    </>
  );
}

/** The authors whose right was withdrawn, each with « Rétablir »: their right comes back at once. */
function WithdrawnAuthors({ messages, settings }: { messages: Message[]; settings: MessageSettings }) {
  const { t } = useTranslation();
  const save = useSaveMessageSettings();
  const errorText = useSaveErrorText();
  const [restoring, setRestoring] = useState<string | undefined>();
  if (settings.withdrawn.length === 0) return null;
  // The name from the log; an author whose messages the retention purge deleted is named by their key.
  const nameOf = (key: string) =>
    messages.find((m) => personKey(m.author.personType, m.author.personId) === key)?.author.name ?? t('messages.admin.withdrawnUnknown', { key });
  const restore = (key: string) => {
    setRestoring(key);
    save.mutate({ ...settings, withdrawn: settings.withdrawn.filter((k) => k !== key) });
  };
  return (
    <Container header={<Header variant="h2" description={t('messages.admin.withdrawnHint')}>{t('messages.admin.withdrawnTitle')}</Header>}>
      <SpaceBetween size="s">
        {settings.withdrawn.map((key) => (
          <SpaceBetween key={key} direction="horizontal" size="s" alignItems="center">
            <span>{nameOf(key)}</span>
            <Button
              ariaLabel={t('messages.admin.restoreLabel', { name: nameOf(key) })}
              loading={save.isPending && restoring === key}
              disabled={save.isPending}
              onClick={() => restore(key)}
            >
              {t('messages.admin.restore')}
            </Button>
          </SpaceBetween>
        ))}
        {save.isError && <Alert type="error">{errorText(save.error)}</Alert>}
      </SpaceBetween>
    </Container>
  );
}

export function AdminMessagesPage() {
  const { t } = useTranslation();
  const query = useAdminMessages();
  return (
    <PageFrame title={t('messages.admin.title')} description={t('messages.admin.description')}>
      <QueryState query={query}>
        {(data) => (
          <SpaceBetween size="l">
            {/* The log first: it is what the page is named after and what an administrator comes to check. */}
            <Log messages={data.messages} settings={data.settings} />
            <WithdrawnAuthors messages={data.messages} settings={data.settings} />
            <SettingsForm settings={data.settings} />
          </SpaceBetween>
        )}
      </QueryState>
    </PageFrame>
  );
}
