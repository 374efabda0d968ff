import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { usePageTitle } from '../components/layout/use-page-title';

/** A page that could not load: say so, and offer the one action that usually fixes it. */
export function PageLoadError() {
  const { t } = useTranslation();
  const offline = !navigator.onLine;
  usePageTitle(t(offline ? 'lazyLoad.offlineTitle' : 'lazyLoad.title'));
  // Offline, this page's code could not be fetched: it loads by itself when the network is back.
  useEffect(() => {
    if (!offline) return;
    const back = () => window.location.reload();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [offline]);
  return (
    <Box padding={{ vertical: 'l' }}>
      <Alert
        type={offline ? 'warning' : 'error'}
        header={t(offline ? 'lazyLoad.offlineTitle' : 'lazyLoad.title')}
        action={offline ? undefined : <Button onClick={() => window.location.reload()}>{t('lazyLoad.reload')}</Button>}
      >
        {t(offline ? 'lazyLoad.offlineBody' : 'lazyLoad.body')}
      </Alert>
    </Box>
  );
}

/** Error boundary of every route: a page that crashed while rendering or loading data. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return <PageLoadError />;
}
