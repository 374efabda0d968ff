import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { personKey, type Message, type MessageSettings } from '@shared/contracts/messages-api';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { currentLocale } from '../../../i18n/i18n';
import { useErrorText } from '../../../lib/api/use-error-text';
import { formatDateTime } from '../../../lib/date-time';
import { useIsMobile } from '../../../lib/use-language';
import { useAdminMessages, useDecideMessage, useSaveMessageSettings } from '../api/messages-queries';
import { sendToEnd } from '../components/compose-form';

const SWITCHES = ['classRepresentatives', 'committeeChairs', 'teachers', 'approveRepresentatives'] as const;

function SettingsForm({ settings }: { settings: MessageSettings }) {
  const { t } = useTranslation();
  const save = useSaveMessageSettings();
  const errorText = useErrorText('messages.admin.saveFailed');
  const [draft, setDraft] = useState(settings);
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
        <Button variant="primary" loading={save.isPending} onClick={() => save.mutate(draft)}>{t('messages.admin.save')}</Button>
      </SpaceBetween>
    </Container>
  );
}

/** A subject in the reader's language when written in it, else the language it was written in; long ones wrap. */
function Subject({ message, lang }: { message: Message; lang: 'fr' | 'en' }) {
  return <span style={{ overflowWrap: 'anywhere' }}>{message.subject[lang] ?? message.subject.fr ?? message.subject.en}</span>;
}

/** The message log (docs/messages.md, "Limits"): author, audience, counts, time; approvals; a right withdrawn. */
function Log({ messages, settings }: { messages: Message[]; settings: MessageSettings }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const { apiBaseUrl } = useRuntimeConfig();
  const mobile = useIsMobile();
  const decide = useDecideMessage();
  const save = useSaveMessageSettings();
  const [withdraw, setWithdraw] = useState<Message | undefined>();
  const approve = async (m: Message) => {
    await decide.mutateAsync({ id: m.id, approve: true });
    await sendToEnd(apiBaseUrl, m.id, () => undefined);
  };
  const actions = (m: Message) => (
    <SpaceBetween direction="horizontal" size="xs">
      {m.status === 'pendingApproval' && <Button onClick={() => void approve(m)}>{t('messages.admin.approve')}</Button>}
      {m.status === 'pendingApproval' && <Button onClick={() => decide.mutate({ id: m.id, approve: false })}>{t('messages.admin.reject')}</Button>}
      {!settings.withdrawn.includes(personKey(m.author.personType, m.author.personId)) && (
        <Button variant="inline-link" onClick={() => setWithdraw(m)}>{t('messages.admin.withdraw')}</Button>
      )}
    </SpaceBetween>
  );
  const columns = [
    { id: 'at', header: t('messages.admin.columns.at'), cell: (m: Message) => formatDateTime(m.createdAt, lang) },
    { id: 'author', header: t('messages.admin.columns.author'), cell: (m: Message) => `${m.author.name} (${m.author.role[lang]})` },
    { id: 'audience', header: t('messages.admin.columns.audience'), cell: (m: Message) => m.audienceLabel[lang] },
    { id: 'subject', header: t('messages.admin.columns.subject'), cell: (m: Message) => <Subject message={m} lang={lang} /> },
    { id: 'counts', header: t('messages.admin.columns.counts'), cell: (m: Message) => t('messages.compose.counts', { sent: m.counts.sent, skipped: m.counts.skipped, recipients: m.counts.recipients }) },
    { id: 'status', header: t('messages.admin.columns.status'), cell: (m: Message) => t(`messages.status.${m.status}`) },
    { id: 'actions', header: t('messages.admin.columns.actions'), cell: actions },
  ];
  const shared = {
    items: messages,
    header: <Header variant="h2" counter={`(${messages.length})`}>{t('messages.admin.log')}</Header>,
    empty: <Box color="text-body-secondary">{t('messages.admin.empty')}</Box>,
  };
  return (
    <>
      {/* A table on wide screens, cards on phones (docs/product-rules.md): seven columns do not fit 375 px. */}
      {mobile ? (
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
        onConfirm={() => {
          const key = personKey(withdraw!.author.personType, withdraw!.author.personId);
          save.mutate({ ...settings, withdrawn: [...settings.withdrawn, key] }, { onSuccess: () => setWithdraw(undefined) });
        }}
      >
        {t('messages.admin.withdrawBody')}
      </ConfirmDialog>
    </>
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
            <SettingsForm settings={data.settings} />
          </SpaceBetween>
        )}
      </QueryState>
    </PageFrame>
  );
}
