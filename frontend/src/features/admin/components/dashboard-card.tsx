import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { RouterLink } from '../../../components/router-link/router-link';
import { ApiError } from '../../../lib/api/api-client';

export type LoadState<T> = { kind: 'loading' } | { kind: 'failed'; code?: string } | { kind: 'ready'; data: T };

/**
 * One query per card, with its own loading and error states and a retry: one failing card never hides the others.
 * A card shows the last answer while it is asked again (the queries are shared with the workflows' screens).
 */
export function useCardData<T>(query: UseQueryResult<T>): { state: LoadState<T>; retry: () => void } {
  const { data, error, refetch } = query;
  const retry = () => void refetch();
  if (data !== undefined && !query.isError) return { state: { kind: 'ready', data }, retry };
  if (query.isError) return { state: { kind: 'failed', ...(error instanceof ApiError && error.code ? { code: error.code } : {}) }, retry };
  return { state: { kind: 'loading' }, retry };
}

/** A dashboard card: title, one link to the workflow, and its body once loaded. */
export function DashboardCard<T>({ id, title, href, linkText, state, retry, children }: {
  /** `data-testid` of the card: `<id>-card`. */
  id: string;
  title: string;
  href: string;
  linkText: string;
  state?: LoadState<T>;
  retry?: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  let body: ReactNode;
  if (!state) body = children(undefined as T);
  else if (state.kind === 'loading') body = <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>;
  else if (state.kind === 'failed') {
    body = (
      <Alert type="error" action={retry && <Button onClick={retry}>{t('adminDashboard.retry')}</Button>}>
        {t('adminDashboard.loadFailed')}
        {state.code && i18n.exists(`errors.${state.code}`) ? ` ${t(`errors.${state.code}`)}` : ''}
      </Alert>
    );
  } else body = children(state.data);
  return (
    <div data-testid={`${id}-card`} style={{ height: '100%' }}>
      <Container fitHeight header={<Header variant="h2">{title}</Header>} footer={<RouterLink href={href}>{linkText}</RouterLink>}>
        <Box>{body}</Box>
      </Container>
    </div>
  );
}
