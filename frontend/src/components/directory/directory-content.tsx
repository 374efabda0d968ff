import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useDirectory } from '../../lib/directory/use-directory';
import type { DirectoryIndex } from '../../lib/directory/directory-index';
import type { DirectoryError } from '../../lib/directory/directory-store';
import { formatDateTime } from '../../lib/date-time';
import { currentLocale } from '../../i18n/i18n';

/** The lists that each have their own load error (docs/product-rules.md, "Messages and languages"). */
export type DirectoryList = 'dashboard' | 'classes' | 'students' | 'parents' | 'staff' | 'committees';

/** What went wrong, in the reader's language: the API's error code when it sent one. */
export function useDirectoryErrorText(): (error: DirectoryError) => string {
  const { t, i18n } = useTranslation();
  return (error) => {
    if (error.kind === 'network') return t('directory.errorDetail.network');
    if (error.kind === 'format') return t('directory.errorDetail.format');
    if (error.code && i18n.exists(`errors.${error.code}`)) return t(`errors.${error.code}`);
    return t('directory.errorDetail.http', { status: error.status });
  };
}

/** The opt-in offline copy is on screen: from when, and that nothing can be changed until the network is back. */
function OfflineCopyNotice({ savedAt, action }: { savedAt: number; action: ReactNode }) {
  const { t, i18n } = useTranslation();
  const date = formatDateTime(savedAt, currentLocale(i18n));
  return (
    <Alert type="info" header={t('directory.offlineCopy.notice', { date })} action={action}>
      {t('directory.offlineCopy.readOnly')}
    </Alert>
  );
}

/**
 * The directory's loading, error and stale states around a screen's content (docs/product-rules.md): a spinner until a
 * first copy is there; the list's own load error with a Retry button when there is none; and, when a kept
 * copy is shown but could not be refreshed, a warning above it (still with Retry).
 */
export function DirectoryContent({
  list,
  children,
}: {
  list: DirectoryList;
  children: (index: DirectoryIndex) => ReactNode;
}) {
  const { t } = useTranslation();
  const { index, loading, error, retry, offlineSince } = useDirectory();
  const errorText = useDirectoryErrorText();
  // Loading and its error share one live region, which a screen reader hears change, and which keeps the focus
  // while Retry's button gives way to the loading line (a trial's focus fell to the page).
  const state = useRef<HTMLDivElement>(null);
  const retryButton = (
    <Button
      onClick={() => {
        if (!index) state.current?.focus();
        retry();
      }}
      loading={loading}
    >
      {t('directory.retry')}
    </Button>
  );

  if (!index) {
    return (
      <div ref={state} role="status" tabIndex={-1} className="skip-link-target">
        {error && !loading ? (
          <Alert type="error" header={t(`directory.loadError.${list}`)} action={retryButton}>
            {errorText(error)}
          </Alert>
        ) : (
          <Box padding={{ vertical: 'l' }} textAlign="center">
            <StatusIndicator type="loading">{t('directory.loading')}</StatusIndicator>
          </Box>
        )}
      </div>
    );
  }
  return (
    <SpaceBetween size="l">
      {offlineSince !== null ? (
        <OfflineCopyNotice savedAt={offlineSince} action={retryButton} />
      ) : error && (
        <Alert type="warning" header={t('directory.stale')} action={retryButton}>
          {errorText(error)}
        </Alert>
      )}
      {children(index)}
    </SpaceBetween>
  );
}
