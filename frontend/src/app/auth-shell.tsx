import { AppShell } from '../components/layout/app-shell';
import { SignedInContext } from '../lib/signed-in';
import {
  AuthDebugStatus,
  useAccountUtility,
  useAuth,
  useAuthNotifications,
  useIdentityHealth,
  useProfileLanguage,
} from '../features/auth';
import { NAVIGATION } from './navigation';
import { QueryProvider } from './query-provider';
import { useLocation } from 'react-router-dom';

/**
 * The default layout wired to the auth layer: admin entries and diagnostics for admins, the user menu, auth state,
 * welcome, and the install offer for a signed-in member. It provides the query cache, and whether someone is signed in
 * (lib/signed-in.ts), to every page it frames.
 */
/**
 * The pages an emailed link or a letter opens (/update/…, /mise-a-jour/…, /update-success): their visitor may have no
 * account, and a trial's teacher, signed out on their link, read the whole menu of a directory they could not open.
 */
const isEmailedLinkPage = (pathname: string) => /^\/(update|mise-a-jour)(\/|-success|$)/.test(pathname);

export function AuthShell() {
  const { isAdmin, user, me } = useAuth();
  const { pathname } = useLocation();
  const accountUtility = useAccountUtility();
  const notifications = useAuthNotifications();
  useIdentityHealth();
  useProfileLanguage(me);
  return (
    <QueryProvider>
      <SignedInContext.Provider value={Boolean(user)}>
        <AppShell
          navigation={NAVIGATION}
          showAdminSection={isAdmin}
          showParentLinks={me?.userType !== 'staff'}
          hideNavigation={!user && isEmailedLinkPage(pathname)}
          showDiagnostics={isAdmin}
          offerInstall={user?.emailVerified === true}
          authStatus={<AuthDebugStatus />}
          accountUtility={accountUtility}
          notifications={notifications}
        />
      </SignedInContext.Provider>
    </QueryProvider>
  );
}
