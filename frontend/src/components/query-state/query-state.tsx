import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useErrorText } from '../../lib/api/use-error-text';

/**
 * An API error as the screens show it: the server's code as a sentence in the reader's language (`errors.<CODE>`),
 * else the screen's generic sentence (`genericKey`, by default « Impossible de charger ces renseignements »), with
 * a Retry button when the read can be asked again.
 */
export function ApiErrorAlert({ error, header, genericKey = 'common.loadFailed', onRetry, retrying = false }: {
  error: unknown;
  /** What could not be done (« Impossible de charger votre profil. »), above the reason. */
  header?: string;
  genericKey?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText(genericKey);
  const action = onRetry ? <Button onClick={onRetry} loading={retrying}>{t('common.retry')}</Button> : undefined;
  return (
    <Alert type="error" header={header} action={action}>
      {errorText(error)}
    </Alert>
  );
}

/**
 * The one way a screen shows a query's state (docs/frontend.md, "Server state"): a loading line while nothing has
 * arrived, the error with Retry when the read failed, the content once data is there. When a refresh fails
 * while an earlier answer is on screen, the error shows above that answer, which stays.
 */
export function QueryState<T>({ query, loadingText, errorHeader, genericKey, children }: {
  query: UseQueryResult<T>;
  /** The loading line; « Chargement… » by default. */
  loadingText?: string;
  /** The error's header, when the screen names what failed. */
  errorHeader?: string;
  /** The sentence for an error without a code of its own (see ApiErrorAlert). */
  genericKey?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  // The loading line and a first read's error in one live region: a screen reader hears the one give way to the other.
  if (query.isPending) {
    return (
      <div role="status">
        <Box padding={{ vertical: 's' }}>
          <StatusIndicator type="loading">{loadingText ?? t('common.loading')}</StatusIndicator>
        </Box>
      </div>
    );
  }
  const alert = query.isError ? (
    <ApiErrorAlert error={query.error} header={errorHeader} genericKey={genericKey} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  ) : null;
  if (query.data === undefined) return <div role="status">{alert}</div>;
  return (
    <>
      {alert}
      {children(query.data)}
    </>
  );
}
