import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
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
  ComposeMessageSchema,
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  pastedText,
  type AudienceOption,
  type ComposeMessage,
  type Message,
  type MessagesResponse,
} from '@shared/contracts/messages-api';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { CLASS_AUDIENCE_PARAM } from '../../../lib/api/my-messages-queries';
import { useErrorText } from '../../../lib/api/use-error-text';
import { useFieldErrorText } from '../../../lib/parent-form/use-error-text';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { currentLocale } from '../../../i18n/i18n';
import { useComposeMessage } from '../api/messages-queries';
import type { SendDriver } from '../api/use-send-driver';
import { SendProgress } from './send-progress';
import { charactersLeft, formatCount } from '../../../lib/number-format';
import { formatLongDateTime } from '../../../lib/date-time';
import { useTooLongText } from '../../../lib/text-limit';

type Lang = 'fr' | 'en';
type Field = `${'subject' | 'body'}.${Lang}`;
/** A field's error, as the update form's strings name them (`updateForm.errors.*`). */
type FieldError = 'required' | 'tooLong' | 'invalid';

/**
 * The server's own rules (ComposeMessageSchema), checked before sending: each subject or body refused, under its
 * field. Nothing written at all is refused on the body alone by the schema; here every field shown is required then.
 * The server takes a language left blank as not written (its recipients get the other one); a person who asked to
 * write in both languages and left one blank is told, rather than sending the message in one language unawares.
 */
export function composeErrors(input: ComposeMessage, shown: readonly Lang[]): Partial<Record<Field, FieldError>> {
  const parsed = ComposeMessageSchema.safeParse(input);
  const errors: Partial<Record<Field, FieldError>> = {};
  if (shown.length > 1) {
    for (const lang of shown) {
      if (!input.subject[lang]?.trim() && !input.body[lang]?.trim()) errors[`subject.${lang}`] = errors[`body.${lang}`] = 'required';
    }
  }
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const [part, lang] = issue.path;
    if (part !== 'subject' && part !== 'body') continue;
    const error: FieldError = issue.message === 'empty' ? 'required' : issue.code === 'too_big' ? 'tooLong' : 'invalid';
    const fields: Field[] = lang === 'fr' || lang === 'en' ? [`${part}.${lang}`] : shown.flatMap((l): Field[] => [`subject.${l}`, `body.${l}`]);
    for (const field of fields) errors[field] ??= error;
  }
  return errors;
}

type Part = 'subject' | 'body';
const EMPTY_TEXT = { subject: { fr: '', en: '' }, body: { fr: '', en: '' } };

/** The text being written in each language, and its fields' errors: a field changed loses its error at once. */
function useMessageText() {
  const [text, setText] = useState(EMPTY_TEXT);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({});
  const change = (part: Part, lang: Lang, value: string) => {
    setErrors((all) => ({ ...all, [`${part}.${lang}`]: undefined }));
    setText((s) => ({ ...s, [part]: { ...s[part], [lang]: pastedText(value) } }));
  };
  /** A part in the languages written (absent from the others). */
  const inLanguages = (part: Part, languages: readonly Lang[]) => ({
    ...(languages.includes('fr') ? { fr: text[part].fr } : {}),
    ...(languages.includes('en') ? { en: text[part].en } : {}),
  });
  /** Another message's text in the form (a refused one, to correct). */
  const load = (from: Pick<Message, 'subject' | 'body'>) => {
    setErrors({});
    setText({
      subject: { fr: from.subject.fr ?? '', en: from.subject.en ?? '' },
      body: { fr: from.body.fr ?? '', en: from.body.en ?? '' },
    });
  };
  return { text, errors, setErrors, change, inLanguages, load, clear: () => setText(EMPTY_TEXT) };
}

function LanguageFields({ lang, subject, body, errors, onChange }: {
  lang: Lang;
  subject: string;
  body: string;
  errors: Partial<Record<Field, FieldError>>;
  onChange: (part: Part, value: string) => void;
}) {
  const { t, i18n } = useTranslation();
  // The fields' language is `lang`; their counts are read in the page's.
  const ui = currentLocale(i18n);
  const fieldErrorText = useFieldErrorText();
  const tooLong = useTooLongText();
  const errorText = (field: Field) => {
    const [text, max] = field.startsWith('subject') ? [subject, MESSAGE_SUBJECT_MAX] : [body, MESSAGE_BODY_MAX];
    return fieldErrorText(errors[field], max) ?? tooLong(text, max);
  };
  return (
    <SpaceBetween size="s">
      <FormField
        label={t(`messages.compose.subject.${lang}`)}
        constraintText={charactersLeft(t, 'messages.compose.left', MESSAGE_SUBJECT_MAX - subject.length, ui)}
        errorText={errorText(`subject.${lang}`)}
      >
        {/* The text's own language (spell-check, a screen reader's voice), not the page's: « Objet (anglais) » is English. */}
        <div lang={lang}>
          <Input value={subject} onChange={({ detail }) => onChange('subject', detail.value)} />
        </div>
      </FormField>
      <FormField
        label={t(`messages.compose.body.${lang}`)}
        constraintText={charactersLeft(t, 'messages.compose.left', MESSAGE_BODY_MAX - body.length, ui)}
        errorText={errorText(`body.${lang}`)}
      >
        <div lang={lang}>
          <Textarea rows={8} value={body} onChange={({ detail }) => onChange('body', detail.value)} />
        </div>
      </FormField>
    </SpaceBetween>
  );
}

/** One key per message written: a second click or a retry of the same message creates nothing more on the server. */
const newClientKey = () => crypto.randomUUID();

/** The audience chosen at first: a class's parents when the home's « Écrire aux parents de la classe » asked for them
 * (`?class=<id>`) and the server offers them, else the first one offered. */
function useFirstAudience(audiences: AudienceOption[]): AudienceOption | undefined {
  const [params] = useSearchParams();
  const asked = params.get(CLASS_AUDIENCE_PARAM);
  return audiences.find((o) => o.audience.type === 'class' && o.audience.classId === asked) ?? audiences[0];
}

/**
 * Sending what is written: the server's rules checked first (under each field), then a confirmation that names the
 * audience (an email sent cannot be taken back), then the message created and its emails sent by the page's driver.
 */
function useComposeSubmit(driver: SendDriver, invalidFocus: ReturnType<typeof useFocusFirstInvalid<HTMLDivElement>>) {
  const compose = useComposeMessage();
  const message = useMessageText();
  const [written, setWritten] = useState<Message | undefined>();
  const [error, setError] = useState<unknown>();
  const [clientKey, setClientKey] = useState(newClientKey);
  const [confirming, setConfirming] = useState<ComposeMessage | undefined>();

  const check = (choice: AudienceOption | undefined, languages: Lang[], share: boolean) => {
    if (!choice) return;
    setError(undefined);
    const input: ComposeMessage = {
      audience: choice.audience,
      ...{ subject: message.inLanguages('subject', languages), body: message.inLanguages('body', languages) },
      ...{ shareReplyTo: share, clientKey },
    };
    const errors = composeErrors(input, languages);
    message.setErrors(errors);
    if (Object.keys(errors).length > 0) return invalidFocus.afterSubmit();
    setConfirming(input);
  };

  const send = async (input: ComposeMessage) => {
    setConfirming(undefined);
    try {
      const created = (await compose.mutateAsync(input)).message;
      setWritten(created);
      if (created.status === 'sending') await driver.drive(created.id);
      message.clear();
      setClientKey(newClientKey());
    } catch (e) {
      setError(e);
    }
  };
  const progress = written && (driver.drives[written.id]?.progress ?? written);
  const sending = written !== undefined && driver.drives[written.id]?.busy === true;
  return { message, check, send, confirming, cancel: () => setConfirming(undefined), error, progress, busy: compose.isPending || sending, sending };
}

/** « Envoyer ce message? »: to whom, and that an email sent cannot be taken back (or that it waits for approval). */
/**
 * Written in one language only, to people some of whom read the other: said before it goes (a trial's English-reading
 * parents got French text in an English email, unannounced).
 */
function OneLanguageNote({ input, choice }: { input: ComposeMessage; choice: AudienceOption | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const written = (['fr', 'en'] as const).filter((l) => input.body[l]?.trim() || input.subject[l]?.trim());
  if (written.length !== 1 || !choice?.readers) return null;
  const other = written[0] === 'fr' ? 'en' : 'fr';
  const count = choice.readers[other];
  if (count === 0) return null;
  return <Alert type="info">{t(`messages.compose.confirm.oneLanguage_${other}`, { count, people: formatCount(count, lang) })}</Alert>;
}

function ConfirmSend({ input, choice, onSend, onCancel }: {
  input: ComposeMessage | undefined;
  choice: AudienceOption | undefined;
  onSend: (input: ComposeMessage) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  // Mounted only while asking: the form's own « Envoyer » stays the page's one button of that name.
  if (!input) return null;
  const subject = input.subject[lang] ?? Object.values(input.subject)[0] ?? '';
  return (
    <ConfirmDialog
      visible
      title={t('messages.compose.confirm.title')}
      confirmLabel={t('messages.compose.send')}
      onConfirm={() => onSend(input)}
      onDismiss={onCancel}
    >
      <SpaceBetween size="xs">
        <Box>{t('messages.compose.confirm.subject', { subject })}</Box>
        {choice && (
          <Box>
            {t('messages.compose.confirm.audience', { audience: choice.label[lang], count: choice.recipients, people: formatCount(choice.recipients, lang) })}
          </Box>
        )}
        <OneLanguageNote input={input} choice={choice} />
        <Box>{t(choice?.needsApproval ? 'messages.compose.confirm.afterApproval' : 'messages.compose.confirm.final')}</Box>
      </SpaceBetween>
    </ConfirmDialog>
  );
}

/**
 * A refused message taken into the form: its text, its languages and its audience (when still offered); then the
 * focus on the form's first text field. Once per reuse (its `at`), not at each render of the form.
 */
function useReusedText(
  reused: { message: Message; at: number } | undefined,
  to: {
    load: (from: Pick<Message, 'subject' | 'body'>) => void;
    setBoth: (both: boolean) => void;
    setChoice: (choice: AudienceOption) => void;
    audiences: readonly AudienceOption[];
    form: React.RefObject<HTMLDivElement | null>;
  },
) {
  const latest = useRef(to);
  latest.current = to;
  const at = reused?.at;
  useEffect(() => {
    if (!reused) return;
    const { load, setBoth, setChoice, audiences, form } = latest.current;
    const { message: from } = reused;
    load(from);
    setBoth(Boolean((from.subject.fr || from.body.fr) && (from.subject.en || from.body.en)));
    const same = audiences.find((o) => JSON.stringify(o.audience) === JSON.stringify(from.audience));
    if (same) setChoice(same);
    // After the render that shows the text.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('input[type="text"], textarea')?.focus());
  }, [at]);
}

/**
 * Writing a message: the audiences the server offers this member, the text once or in both languages (checked with
 * the server's rules first), a confirmation, the progress while the page's driver sends it.
 */
export function ComposeForm({ data, driver, onDrafting, reused }: {
  data: MessagesResponse;
  driver: SendDriver;
  /** Told whether text is written and not being sent (leaving the page then asks first). */
  onDrafting: (drafting: boolean) => void;
  /** A refused message to correct: its text, languages and audience go into the form, which takes the focus. */
  reused?: { message: Message; at: number };
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const errorText = useErrorText('messages.compose.failed');
  const invalidFocus = useFocusFirstInvalid<HTMLDivElement>();
  const { message, check, send, confirming, cancel, error, progress, busy, sending } = useComposeSubmit(driver, invalidFocus);
  const [choice, setChoice] = useState<AudienceOption | undefined>(useFirstAudience(data.audiences));
  const [both, setBoth] = useState(false);
  const [share, setShare] = useState(false);
  // Written in one language, the text stays in the language it was written in when the page's language changes (a
  // trial's French text vanished behind empty English fields at a tap on the language button).
  const hasText = (l: Lang) => message.text.subject[l].trim() !== '' || message.text.body[l].trim() !== '';
  const other: Lang = lang === 'fr' ? 'en' : 'fr';
  const single: Lang = hasText(other) && !hasText(lang) ? other : lang;
  const languages: Lang[] = both ? ['fr', 'en'] : [single];
  const written = hasText('fr') || hasText('en');
  useEffect(() => onDrafting(written && !busy), [onDrafting, written, busy]);
  const label = (o: AudienceOption) => o.label[lang];
  useReusedText(reused, { load: message.load, setBoth, setChoice, audiences: data.audiences, form: invalidFocus.ref });

  return (
    <Container header={<Header variant="h2" description={t('messages.compose.description', { used: data.quota.used, limit: data.quota.limit, days: data.quota.days })}>{t('messages.compose.title')}</Header>}>
      <Form
        actions={
          <Button variant="primary" loading={busy} disabled={!choice} onClick={() => check(choice, languages, share)}>
            {t('messages.compose.send')}
          </Button>
        }
      >
        <div ref={invalidFocus.ref}>
          <SpaceBetween size="m">
            <FormField label={t('messages.compose.audience')}>
              <Select
                selectedOption={choice ? { value: JSON.stringify(choice.audience), label: label(choice) } : null}
                options={data.audiences.map((o) => ({ value: JSON.stringify(o.audience), label: label(o), description: o.role[lang] }))}
                onChange={({ detail }) => setChoice(data.audiences.find((o) => JSON.stringify(o.audience) === detail.selectedOption.value))}
              />
            </FormField>
            {data.quota.freesAt && (
              // Before writing: the week's limit is reached, and when one more may be written.
              <Alert type="warning">
                {t('messages.compose.limitReached', {
                  used: formatCount(data.quota.used, lang),
                  limit: formatCount(data.quota.limit, lang),
                  days: data.quota.days,
                  when: formatLongDateTime(data.quota.freesAt, lang),
                })}
              </Alert>
            )}
            {choice?.needsApproval && <Alert type="info">{t('messages.compose.needsApproval')}</Alert>}
            <Checkbox checked={both} onChange={({ detail }) => setBoth(detail.checked)}>{t(`messages.compose.alsoIn_${single === 'fr' ? 'en' : 'fr'}`)}</Checkbox>
            {languages.map((l) => (
              <LanguageFields
                key={l}
                lang={l}
                subject={message.text.subject[l]}
                body={message.text.body[l]}
                errors={message.errors}
                onChange={(part, value) => message.change(part, l, value)}
              />
            ))}
            <Checkbox checked={share} onChange={({ detail }) => setShare(detail.checked)} description={t('messages.compose.shareHint')}>
              {t('messages.compose.share')}
            </Checkbox>
            {error !== undefined && <Alert type="error">{errorText(error)}</Alert>}
            {progress && <SendProgress message={progress} />}
            {sending && <Box color="text-body-secondary">{t('messages.compose.keepOpen')}</Box>}
          </SpaceBetween>
        </div>
      </Form>
      <ConfirmSend input={confirming} choice={choice} onSend={(input) => void send(input)} onCancel={cancel} />
    </Container>
  );
}
