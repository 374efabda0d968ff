import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import type { Message, ReceivedMessage, WithheldRight } from '@shared/contracts/messages-api';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/date-time';
import { useMarkRead, useMyMessages } from '../api/messages-queries';
import { ComposeForm } from '../components/compose-form';
import { MessageBody } from '../components/message-body';

type Lang = 'fr' | 'en';

/** The text in the reader's language when the author wrote it, else the one it was written in. */
const inLanguage = (text: { fr?: string; en?: string }, lang: Lang) => text[lang] ?? text.fr ?? text.en ?? '';

function MessageText({ message, lang }: { message: Message | ReceivedMessage; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="xs">
      <Box variant="small" color="text-body-secondary">
        {t('messages.from', { name: message.author.name, role: message.author.role[lang] })} · {message.audienceLabel[lang]}
      </Box>
      <Box>
        <MessageBody text={inLanguage(message.body, lang)} />
      </Box>
      <Box variant="small" color="text-body-secondary">
        {message.replyTo ? t('messages.replyTo', { address: message.replyTo }) : t('messages.replyInApp')}
      </Box>
    </SpaceBetween>
  );
}

/** Received or sent messages, each opened in place (a received one under its date and author); a received one is marked read when opened. */
function MessageList({ list, empty, sent }: { list: (Message | ReceivedMessage)[]; empty: string; sent?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const markRead = useMarkRead();
  if (list.length === 0) return <Box color="text-body-secondary">{empty}</Box>;
  const details = (m: Message | ReceivedMessage) =>
    'counts' in m
      ? ` · ${t(`messages.status.${m.status}`)} · ${t('messages.compose.counts', { sent: m.counts.sent, skipped: m.counts.skipped, recipients: m.counts.recipients })}`
      : ` · ${m.author.name}`;
  const unread = (m: Message | ReceivedMessage) => !sent && !('readAt' in m && m.readAt);
  return (
    <SpaceBetween size="s">
      {list.map((m) => (
        <ExpandableSection
          key={m.id}
          variant="container"
          headerText={inLanguage(m.subject, lang)}
          headerDescription={formatDateTime(m.createdAt, lang) + details(m)}
          headerInfo={unread(m) ? <Badge color="blue">{t('messages.new')}</Badge> : undefined}
          onChange={({ detail }) => detail.expanded && unread(m) && markRead.mutate(m.id)}
        >
          <MessageText message={m} lang={lang} />
        </ExpandableSection>
      ))}
    </SpaceBetween>
  );
}

/**
 * Why there is no form: what turns off the writing a role of theirs would allow (a homeroom teacher while teachers
 * may not write), else that they have no group.
 */
function NoAudience({ withheld }: { withheld: WithheldRight[] }) {
  const { t } = useTranslation();
  const reasons = withheld.map((right) => (right === 'withdrawn' ? t('errors.MESSAGE_RIGHT_WITHDRAWN') : t(`messages.compose.withheld.${right}`)));
  return (
    <SpaceBetween size="xs">
      {(reasons.length > 0 ? reasons : [t('messages.compose.nobody')]).map((reason) => (
        <Box key={reason} color="text-body-secondary">
          {reason}
        </Box>
      ))}
    </SpaceBetween>
  );
}

/**
 * Messages (docs/messages.md, "In the app"): what the member received, even without an email (declined, bounced),
 * what they sent with its counts, and the form to write when the server offers them an audience.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const query = useMyMessages();
  return (
    <PageFrame title={t('messages.title')} description={t('messages.description')}>
      <QueryState query={query}>
        {(data) => (
          <SpaceBetween size="l">
            <Container>
              <Tabs
                tabs={[
                  {
                    id: 'received',
                    label: data.unread > 0 ? t('messages.receivedUnread', { count: data.unread }) : t('messages.received'),
                    content: <MessageList list={data.received} empty={t('messages.emptyReceived')} />,
                  },
                  { id: 'sent', label: t('messages.sent'), content: <MessageList list={data.sent} empty={t('messages.emptySent')} sent /> },
                ]}
              />
            </Container>
            {data.audiences.length > 0 ? (
              <ComposeForm data={data} />
            ) : (
              <Container header={<Header variant="h2">{t('messages.compose.title')}</Header>}>
                <NoAudience withheld={data.withheld} />
              </Container>
            )}
          </SpaceBetween>
        )}
      </QueryState>
    </PageFrame>
  );
}
