import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import type { Message, MessagesResponse, ReceivedMessage, WithheldRight } from '@shared/contracts/messages-api';
import { LeavePageQuestion } from '../../../components/page/leave-modal';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { RouterLink } from '../../../components/router-link/router-link';
import { currentLocale } from '../../../i18n/i18n';
import { countsText } from '../model/counts-text';
import { useErrorText } from '../../../lib/api/use-error-text';
import { formatDateTime, formatLongDateTime } from '../../../lib/date-time';
import { useMarkRead, useMyMessages } from '../api/messages-queries';
import { useSendDriver, type SendDriver } from '../api/use-send-driver';
import { ComposeForm } from '../components/compose-form';
import { MessageBody } from '../components/message-body';
import { SendProgress } from '../components/send-progress';

type Lang = 'fr' | 'en';

/** The text in the reader's language when the author wrote it, else the one it was written in. */
const inLanguage = (text: { fr?: string; en?: string }, lang: Lang) => text[lang] ?? text.fr ?? text.en ?? '';

/** How long a refusal opens by itself in « Envoyés »: its author reads the reason without looking for it. */
const REFUSAL_OPEN_DAYS = 7;

/** A sent message refused in the last days: opened in the list, its reason in view. */
const recentlyRefused = (m: Message | ReceivedMessage) =>
  'counts' in m && m.status === 'rejected' && m.decision !== undefined && Date.now() - Date.parse(m.decision.at) < REFUSAL_OPEN_DAYS * 86_400_000;

/**
 * A message opened in place. How to reply is said to its readers only: on the author's own message (« Envoyés ») a
 * line telling them the author did not share an address would speak of themselves.
 */
/**
 * How to answer: the author's address as a link (a trial could not tap the plain text on a phone), or their entry in
 * the directory, as the email says it (lambdas/messages/message-email.ts).
 */
function ReplyWay({ message }: { message: Message | ReceivedMessage }) {
  const { t } = useTranslation();
  const list = message.author.personType === 'STAFF' ? '/staff' : '/parents';
  return (
    <Box variant="small" color="text-body-secondary">
      {message.replyTo ? (
        <>
          {t('messages.replyToLead')} <Link href={`mailto:${message.replyTo}`}>{message.replyTo}</Link>
        </>
      ) : (
        <>
          {t('messages.replyInAppLead')}{' '}
          <RouterLink href={`${list}?q=${encodeURIComponent(message.author.name)}`}>{t('messages.replyInAppLink', { name: message.author.name })}</RouterLink>
        </>
      )}
    </Box>
  );
}

function MessageText({ message, lang, own }: { message: Message | ReceivedMessage; lang: Lang; own: boolean }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="xs">
      <Box variant="small" color="text-body-secondary">
        {t('messages.from', { name: message.author.name, role: message.author.role[lang] })} · {message.audienceLabel[lang]}
      </Box>
      <Box>
        <MessageBody text={inLanguage(message.body, lang)} />
      </Box>
      {!own && <ReplyWay message={message} />}
    </SpaceBetween>
  );
}

/**
 * A sent message an administrator refused (docs/messages.md, "Approval"): when, the reason they gave (as typed, line
 * breaks kept) or that none was given, and that the author may write again.
 */
function Refusal({ message, lang, onReuse }: { message: Message; lang: Lang; onReuse?: (message: Message) => void }) {
  const { t } = useTranslation();
  const { decision } = message;
  return (
    <Alert type="warning" header={decision ? t('messages.refusal.title', { date: formatLongDateTime(decision.at, lang) }) : t('messages.refusal.titleUndated')}>
      <SpaceBetween size="xxs">
        {decision?.reason ? (
          <Box>
            <Box variant="strong">{t('messages.refusal.reason')}</Box>{' '}
            <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{decision.reason}</span>
          </Box>
        ) : (
          <Box>{t('messages.refusal.noReason')}</Box>
        )}
        <Box>{t('messages.refusal.next')}</Box>
        {onReuse && (
          // Its text into the form, to correct rather than type again (a trial's refusal asked « Peux-tu corriger? »).
          <Button onClick={() => onReuse(message)}>{t('messages.refusal.reuse')}</Button>
        )}
      </SpaceBetween>
    </Alert>
  );
}

/**
 * A sent message whose sending this page drives or left unfinished: the progress, while it runs that the page must
 * stay open, and why it stopped (the row's « Reprendre l'envoi » goes on).
 */
function SendingState({ message, driver }: { message: Message; driver: SendDriver }) {
  const { t } = useTranslation();
  const errorText = useErrorText('messages.compose.failed');
  const drive = driver.drives[message.id];
  return (
    <SpaceBetween size="xs">
      <SendProgress message={message} />
      {drive?.busy && <Box color="text-body-secondary">{t('messages.compose.keepOpen')}</Box>}
      {drive?.error !== undefined && (
        <Alert type="error" header={t('messages.admin.sendStopped')}>
          {errorText(drive.error)} {t('messages.admin.resumeHint')}
        </Alert>
      )}
    </SpaceBetween>
  );
}

/**
 * Received or sent messages, each opened in place (a received one under its date and author); a received one is
 * marked read when opened. A sent one still sending shows its progress as this page's driver sends it, opened, with
 * « Reprendre l'envoi ».
 */
function MessageList({ list, empty, driver, onReuse }: {
  list: (Message | ReceivedMessage)[];
  empty: string;
  driver?: SendDriver;
  /** A refused message's text taken into the form (the author's Sent tab, when the form is there). */
  onReuse?: (message: Message) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const markRead = useMarkRead();
  const sent = driver !== undefined;
  if (list.length === 0) return <Box color="text-body-secondary">{empty}</Box>;
  /** A sent message as its last chunk answered while this page sends it, else as the page read it. */
  const live = (m: Message | ReceivedMessage) => ('counts' in m ? (driver?.drives[m.id]?.progress ?? m) : m);
  const unfinished = (m: Message | ReceivedMessage) => 'counts' in m && (live(m).status === 'sending' || driver?.drives[m.id]?.error !== undefined);
  const details = (m: Message | ReceivedMessage) =>
    'counts' in m
      ? ` · ${t(`messages.status.${m.status}`)} · ${countsText(t, m, lang)}`
      : ` · ${m.author.name}`;
  const unread = (m: Message | ReceivedMessage) => !sent && !('readAt' in m && m.readAt);
  return (
    <SpaceBetween size="s">
      {list.map((m) => (
        <ExpandableSection
          key={m.id}
          variant="container"
          headerText={inLanguage(m.subject, lang)}
          headerDescription={formatDateTime(m.createdAt, lang) + details(live(m))}
          headerInfo={unread(m) ? <Badge color="blue">{t('messages.new')}</Badge> : undefined}
          headerActions={
            driver && unfinished(m) ? (
              <Button
                loading={driver.drives[m.id]?.busy === true}
                onClick={() => void driver.drive(m.id).catch(() => undefined)}
              >
                {t('messages.admin.resume')}
              </Button>
            ) : undefined
          }
          defaultExpanded={unfinished(m) || recentlyRefused(m)}
          onChange={({ detail }) => detail.expanded && unread(m) && markRead.mutate(m.id)}
        >
          <SpaceBetween size="m">
            {'counts' in m && m.status === 'rejected' && <Refusal message={m} lang={lang} {...(onReuse ? { onReuse } : {})} />}
            {driver && (unfinished(m) || driver.drives[m.id]) && <SendingState message={live(m) as Message} driver={driver} />}
            <MessageText message={m} lang={lang} own={sent} />
          </SpaceBetween>
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
 * Leaving the page asks first: while it sends (`leave`: the sending stops, and goes on when the author comes back),
 * or while a message is written and not sent (`leaveDraft`: a trial's draft was lost to the menu and Back). An in-app
 * navigation asks in the page, closing or reloading the tab asks the browser's question. Mounted only meanwhile.
 */
function LeaveQuestionOf({ texts }: { texts: 'leave' | 'leaveDraft' }) {
  const { t } = useTranslation();
  return (
    <LeavePageQuestion
      title={t(`messages.compose.${texts}.title`)}
      leaveLabel={t(`messages.compose.${texts}.leave`)}
      body={t(`messages.compose.${texts}.body`)}
    />
  );
}

function MessagesContent({ data }: { data: MessagesResponse }) {
  const { t } = useTranslation();
  const driver = useSendDriver();
  // Text written in the form and not being sent. One question at a time (a router holds one blocker): sending's first.
  const [drafting, setDrafting] = useState(false);
  const { resumeLeft } = driver;
  // The author's messages left sending (the page was closed, the phone locked) go on from where they stopped.
  useEffect(() => resumeLeft(data.sent), [data.sent, resumeLeft]);
  // The Sent tab first while one of theirs is sending, or when a link asks for it (the decision's email: `?tab=sent`).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => (params.get('tab') === 'sent' || data.sent.some((m) => m.status === 'sending') ? 'sent' : 'received'));
  // A refused message's text, taken into the form (`at`: the same one taken again fills the form again).
  const [reused, setReused] = useState<{ message: Message; at: number }>();
  // A message sent from the form shows in « Envoyés » with its progress (a trial's page stayed on an empty « Reçus »).
  useEffect(() => {
    if (driver.sending) setTab('sent');
  }, [driver.sending]);
  return (
    <SpaceBetween size="l">
      {driver.sending ? <LeaveQuestionOf texts="leave" /> : drafting && <LeaveQuestionOf texts="leaveDraft" />}
      <Container>
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId)}
          tabs={[
            {
              id: 'received',
              label: data.unread > 0 ? t('messages.receivedUnread', { count: data.unread }) : t('messages.received'),
              content: <MessageList list={data.received} empty={t('messages.emptyReceived')} />,
            },
            {
              id: 'sent',
              label: t('messages.sent'),
              content: (
                <MessageList
                  list={data.sent}
                  empty={t('messages.emptySent')}
                  driver={driver}
                  {...(data.audiences.length > 0 ? { onReuse: (message: Message) => setReused({ message, at: Date.now() }) } : {})}
                />
              ),
            },
          ]}
        />
      </Container>
      {data.audiences.length > 0 ? (
        <ComposeForm data={data} driver={driver} onDrafting={setDrafting} {...(reused ? { reused } : {})} />
      ) : (
        <Container header={<Header variant="h2">{t('messages.compose.title')}</Header>}>
          <NoAudience withheld={data.withheld} />
        </Container>
      )}
    </SpaceBetween>
  );
}

/**
 * Messages (docs/messages.md, "In the app"): what the member received, even without an email (declined, bounced),
 * what they sent with its counts (and the sending of one left unfinished, resumed), and the form to write when the
 * server offers them an audience.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const query = useMyMessages();
  return (
    <PageFrame title={t('messages.title')} description={t('messages.description')}>
      <QueryState query={query}>{(data) => <MessagesContent data={data} />}</QueryState>
    </PageFrame>
  );
}
