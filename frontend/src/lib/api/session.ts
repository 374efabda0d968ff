import { amplifyAuth } from './amplify';

/** The ID token's claims; `forceRefresh` asks Cognito for new tokens (new groups, new email_verified). */
export async function readIdTokenClaims(forceRefresh = false): Promise<Record<string, unknown> | undefined> {
  const { fetchAuthSession } = await amplifyAuth();
  const session = await fetchAuthSession({ forceRefresh });
  return session.tokens?.idToken?.payload as Record<string, unknown> | undefined;
}

/** The raw ID token for `Authorization` headers, or undefined when signed out. */
export async function idToken(): Promise<string | undefined> {
  const { fetchAuthSession } = await amplifyAuth();
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString();
}
