import { AppShell } from '../components/layout/app-shell';
import {
  AuthDebugStatus,
  useAccountUtility,
  useAuth,
  useAuthNotifications,
  useIdentityHealth,
} from '../features/auth';

/** The default layout wired to the auth layer: admin entries for admins, the user menu, auth state, welcome. */
export function AuthShell() {
  const { isAdmin } = useAuth();
  const accountUtility = useAccountUtility();
  const notifications = useAuthNotifications();
  useIdentityHealth();
  return (
    <AppShell
      showAdminSection={isAdmin}
      authStatus={<AuthDebugStatus />}
      accountUtility={accountUtility}
      notifications={notifications}
    />
  );
}
