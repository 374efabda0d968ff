import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MESSAGE_CATEGORIES, MessageConsentsResponseSchema, type MessageConsents } from '@shared/contracts/messages-api';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { currentLocale } from '../../i18n/i18n';
import { apiRequest } from '../../lib/api/api-client';
import { useErrorText } from '../../lib/api/use-error-text';
import { useApiMutation } from '../../lib/query/use-api-mutation';
import { QueryState } from '../query-state/query-state';

export const messageConsentsKey = ['me', 'message-consents'] as const;

/** The three boxes, one per kind of message, with My Profile's wording: also asked on the update link's form. */
export function MessageConsentChoices({ value, onChange }: { value: MessageConsents; onChange: (next: MessageConsents) => void }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="s">
      {MESSAGE_CATEGORIES.map((category) => (
        <Checkbox key={category} checked={value[category]} onChange={({ detail }) => onChange({ ...value, [category]: detail.checked })}>
          {t(`messages.consents.${category}`)}
        </Checkbox>
      ))}
    </SpaceBetween>
  );
}

/** The section's frame: its title and what the choice means. */
export function MessageConsentsContainer({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Container header={<Header variant="h2" description={t('messages.consents.description')}>{t('messages.consents.title')}</Header>}>{children}</Container>;
}

/**
 * The emails a member accepts (docs/privacy.md, "Messages"): one box per kind, saved together and recorded in the
 * consent log. Messages still reach the Messages page whatever is chosen here.
 */
export function MessageConsentsSection() {
  const { t, i18n } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('messages.consents.failed');
  const query = useQuery({ queryKey: messageConsentsKey, queryFn: () => apiRequest(apiBaseUrl, '/me/message-consents', MessageConsentsResponseSchema) });
  const save = useApiMutation({
    mutationFn: (consents: MessageConsents) =>
      apiRequest(apiBaseUrl, '/me/message-consents', z.unknown(), { method: 'PUT', body: { consents, language: currentLocale(i18n) } }),
    invalidates: [messageConsentsKey, ['me', 'consent-log']],
  });
  const [draft, setDraft] = useState<MessageConsents | undefined>();
  useEffect(() => setDraft(query.data?.consents), [query.data]);
  return (
    <MessageConsentsContainer>
      <QueryState query={query}>
        {() =>
          draft && (
            <SpaceBetween size="s">
              <MessageConsentChoices value={draft} onChange={setDraft} />
              {save.isError && <Alert type="error">{errorText(save.error)}</Alert>}
              {save.isSuccess && <Alert type="success">{t('messages.consents.saved')}</Alert>}
              <Button loading={save.isPending} onClick={() => save.mutate(draft)}>{t('messages.consents.save')}</Button>
            </SpaceBetween>
          )
        }
      </QueryState>
    </MessageConsentsContainer>
  );
}
