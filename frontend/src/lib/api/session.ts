import { amplifyAuth, configuredClientId } from './amplify';
import { mayHoldSession } from './stored-session';

/**
 * The ID token's claims; `forceRefresh` asks Cognito for new tokens (new groups, new email_verified). Nothing
 * stored, nothing to read: a signed-out visitor's session check does not wait for Amplify to download.
 */
export async function readIdTokenClaims(forceRefresh = false): Promise<Record<string, unknown> | undefined> {
  if (!forceRefresh && !mayHoldSession(configuredClientId())) return undefined;
  const { fetchAuthSession } = await amplifyAuth();
  const session = await fetchAuthSession({ forceRefresh });
  return session.tokens?.idToken?.payload as Record<string, unknown> | undefined;
}

/** The raw ID token for `Authorization` headers, or undefined when signed out. */
export async function idToken(): Promise<string | undefined> {
  if (!mayHoldSession(configuredClientId())) return undefined;
  const { fetchAuthSession } = await amplifyAuth();
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString();
}
