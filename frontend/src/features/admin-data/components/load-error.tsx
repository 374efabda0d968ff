import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';

/** A failed load, said in the admin's language, with a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert type="error" action={<Button onClick={onRetry}>{t('adminData.retry')}</Button>}>
      {message}
    </Alert>
  );
}
