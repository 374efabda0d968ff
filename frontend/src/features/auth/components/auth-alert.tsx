import { useTranslation } from 'react-i18next';
import Alert, { type AlertProps } from '@cloudscape-design/components/alert';
import type { AuthMessage } from '../api/auth-errors';
import { authMessageText } from './auth-message-text';

/** An auth message in an alert; errors are announced to screen readers as they appear. */
export function AuthAlert({
  authMessage,
  type = 'error',
  header,
}: {
  authMessage: AuthMessage | null | undefined;
  type?: AlertProps.Type;
  header?: string;
}) {
  const { t } = useTranslation();
  if (!authMessage) return null;
  return (
    <div role={type === 'error' ? 'alert' : 'status'}>
      <Alert type={type} header={header}>
        {authMessageText(t, authMessage)}
      </Alert>
    </div>
  );
}
