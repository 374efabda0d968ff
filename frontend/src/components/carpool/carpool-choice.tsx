import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { CarpoolResponseSchema, type CarpoolResponse } from '@shared/contracts/carpool-api';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { currentLocale } from '../../i18n/i18n';
import { apiRequest } from '../../lib/api/api-client';
import { useErrorText } from '../../lib/api/use-error-text';
import { useApiMutation } from '../../lib/query/use-api-mutation';
import { QueryState } from '../query-state/query-state';
import { RouterLink } from '../router-link/router-link';

export const carpoolKey = ['me', 'carpool'] as const;

/** GET /api/me/carpool: the member's choice, their FSA and, when on, the families near them (docs/messages.md). */
export function useCarpool() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useQuery({ queryKey: carpoolKey, queryFn: () => apiRequest(apiBaseUrl, '/me/carpool', CarpoolResponseSchema) });
}

function useCarpoolChoice() {
  const { i18n } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({
    mutationFn: (optedIn: boolean) =>
      apiRequest(apiBaseUrl, '/me/carpool', CarpoolResponseSchema, { method: 'PUT', body: { optedIn, language: currentLocale(i18n) } }),
    invalidates: [carpoolKey, ['me', 'consent-log']],
  });
}

function ChoiceBody({ data, showLink }: { data: CarpoolResponse; showLink: boolean }) {
  const { t } = useTranslation();
  const save = useCarpoolChoice();
  const errorText = useErrorText('carpool.choice.failed');
  // The choice shows at once, in the click's own render, and until the save and the refetch that follows it are
  // done (a failed save puts the saved choice back). The mutation's pending state alone arrives a task later: for
  // that moment the switch sprang back, and a click checked right after it read the old state.
  const [wanted, setWanted] = useState<boolean>();
  const optedIn = wanted ?? data.optedIn;
  return (
    <SpaceBetween size="s">
      {/* Not disabled while it saves: a disabled control drops the keyboard's focus to the page (a trial's keyboard
          user had to tab from the top again); a change while the save is on its way waits for it instead. */}
      <Toggle
        checked={optedIn}
        disabled={data.blocked !== undefined}
        onChange={({ detail }) => {
          if (save.isPending) return;
          setWanted(detail.checked);
          save.mutate(detail.checked, { onSettled: () => setWanted(undefined) });
        }}
        description={data.fsa ? t('carpool.choice.area', { fsa: data.fsa }) : undefined}
      >
        {t('carpool.choice.label')}
      </Toggle>
      {data.blocked && <Alert type="info">{t(`carpool.choice.blocked.${data.blocked}`)}</Alert>}
      {save.isError && <Alert type="error">{errorText(save.error)}</Alert>}
      {save.isSuccess && (
        <Alert type="success">{t(data.optedIn ? 'carpool.choice.savedOn' : 'carpool.choice.savedOff')}</Alert>
      )}
      {showLink && data.optedIn && <RouterLink href="/carpool">{t('carpool.choice.seeList')}</RouterLink>}
      <Box variant="small" color="text-body-secondary">{t('carpool.choice.privacy')}</Box>
    </SpaceBetween>
  );
}

/**
 * « Trouver des familles près de chez moi » (docs/privacy.md, "Families near me"): off until the parent turns it
 * on (Law 25 s. 8.1), saved at once and recorded in the consent log. On My Profile with the privacy choices, and
 * at the top of the families-near-me page.
 */
export function CarpoolChoice({ showLink = false }: { showLink?: boolean }) {
  const { t } = useTranslation();
  const query = useCarpool();
  return (
    <Container header={<Header variant="h2" description={t('carpool.choice.description')}>{t('carpool.choice.title')}</Header>}>
      <QueryState query={query} loadingText={t('carpool.loading')}>
        {(data) => <ChoiceBody data={data} showLink={showLink} />}
      </QueryState>
    </Container>
  );
}
