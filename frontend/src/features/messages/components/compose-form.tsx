import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import {
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  type AudienceOption,
  type ComposeMessage,
  type Message,
  type MessagesResponse,
} from '@shared/contracts/messages-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useErrorText } from '../../../lib/api/use-error-text';
import { currentLocale } from '../../../i18n/i18n';
import { continueMessage, useComposeMessage } from '../api/messages-queries';
import { SendProgress } from './send-progress';

type Lang = 'fr' | 'en';

/** Drives a message's paced sending to the end (docs/messages.md, "Sending"), reporting each chunk's progress. */
export async function sendToEnd(apiBaseUrl: string, id: string, onProgress: (message: Message) => void): Promise<Message> {
  for (;;) {
    const { message, done } = await continueMessage(apiBaseUrl, id);
    onProgress(message);
    if (done) return message;
  }
}

function LanguageFields({ lang, subject, body, onSubject, onBody }: {
  lang: Lang;
  subject: string;
  body: string;
  onSubject: (v: string) => void;
  onBody: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="s">
      <FormField label={t(`messages.compose.subject.${lang}`)} constraintText={t('messages.compose.left', { count: MESSAGE_SUBJECT_MAX - subject.length })}>
        <Input value={subject} onChange={({ detail }) => onSubject(detail.value.slice(0, MESSAGE_SUBJECT_MAX))} />
      </FormField>
      <FormField label={t(`messages.compose.body.${lang}`)} constraintText={t('messages.compose.left', { count: MESSAGE_BODY_MAX - body.length })}>
        <Textarea rows={8} value={body} onChange={({ detail }) => onBody(detail.value.slice(0, MESSAGE_BODY_MAX))} />
      </FormField>
    </SpaceBetween>
  );
}

/** One key per message written: a second click or a retry of the same message creates nothing more on the server. */
const newClientKey = () => crypto.randomUUID();

/** Writing a message: the audiences the server offers this member, the text once or in both languages, the progress. */
export function ComposeForm({ data }: { data: MessagesResponse }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('messages.compose.failed');
  const compose = useComposeMessage();
  const [choice, setChoice] = useState<AudienceOption | undefined>(data.audiences[0]);
  const [both, setBoth] = useState(false);
  const [text, setText] = useState({ subject: { fr: '', en: '' }, body: { fr: '', en: '' } });
  const [share, setShare] = useState(false);
  const [progress, setProgress] = useState<Message | undefined>();
  const [error, setError] = useState<unknown>();
  const [clientKey, setClientKey] = useState(newClientKey);
  const languages: Lang[] = both ? ['fr', 'en'] : [lang];
  const label = (o: AudienceOption) => o.label[lang];

  const submit = async () => {
    if (!choice) return;
    setError(undefined);
    const pick = (l: Lang) => (languages.includes(l) ? text.subject[l] : undefined);
    const input: ComposeMessage = {
      audience: choice.audience,
      subject: { ...(pick('fr') !== undefined ? { fr: text.subject.fr } : {}), ...(pick('en') !== undefined ? { en: text.subject.en } : {}) },
      body: { ...(pick('fr') !== undefined ? { fr: text.body.fr } : {}), ...(pick('en') !== undefined ? { en: text.body.en } : {}) },
      ...{ shareReplyTo: share, clientKey },
    };
    try {
      const { message } = await compose.mutateAsync(input);
      setProgress(message);
      if (message.status === 'sending') await sendToEnd(apiBaseUrl, message.id, setProgress);
      setText({ subject: { fr: '', en: '' }, body: { fr: '', en: '' } });
      setClientKey(newClientKey());
    } catch (e) {
      setError(e);
    }
  };

  return (
    <Container header={<Header variant="h2" description={t('messages.compose.description', { used: data.quota.used, limit: data.quota.limit, days: data.quota.days })}>{t('messages.compose.title')}</Header>}>
      <Form
        actions={<Button variant="primary" loading={compose.isPending} disabled={!choice} onClick={() => void submit()}>{t('messages.compose.send')}</Button>}
      >
        <SpaceBetween size="m">
          <FormField label={t('messages.compose.audience')}>
            <Select
              selectedOption={choice ? { value: JSON.stringify(choice.audience), label: label(choice) } : null}
              options={data.audiences.map((o) => ({ value: JSON.stringify(o.audience), label: label(o), description: o.role[lang] }))}
              onChange={({ detail }) => setChoice(data.audiences.find((o) => JSON.stringify(o.audience) === detail.selectedOption.value))}
            />
          </FormField>
          {choice?.needsApproval && <Alert type="info">{t('messages.compose.needsApproval')}</Alert>}
          <Checkbox checked={both} onChange={({ detail }) => setBoth(detail.checked)}>{t('messages.compose.both')}</Checkbox>
          {languages.map((l) => (
            <LanguageFields
              key={l}
              lang={l}
              subject={text.subject[l]}
              body={text.body[l]}
              onSubject={(v) => setText((s) => ({ ...s, subject: { ...s.subject, [l]: v } }))}
              onBody={(v) => setText((s) => ({ ...s, body: { ...s.body, [l]: v } }))}
            />
          ))}
          <Checkbox checked={share} onChange={({ detail }) => setShare(detail.checked)} description={t('messages.compose.shareHint')}>
            {t('messages.compose.share')}
          </Checkbox>
          {error !== undefined && <Alert type="error">{errorText(error)}</Alert>}
          {progress && <SendProgress message={progress} />}
        </SpaceBetween>
      </Form>
    </Container>
  );
}
