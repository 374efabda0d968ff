import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { mayHoldSession } from './stored-session';

type AmplifyAuth = typeof import('./amplify-auth-api');
type IdentityConfig = Pick<RuntimeConfig, 'userPoolId' | 'userPoolClientId' | 'cognitoEndpoint'>;

let wanted: { key: string; config: IdentityConfig } | undefined;
let applied: string | undefined;

/**
 * Amplify (about 40 KB gzip) is not on the first page (docs/frontend.md, "First page"): it is fetched the first
 * time the app needs the identity service (the guards' session read, a sign-in, an API call's token), which
 * begins as soon as `/config.json` is known, in parallel with the route's own chunk. Every use goes through
 * `amplifyAuth()`, which applies the latest configuration before handing out the auth API, so no call can reach
 * an unconfigured Amplify.
 */
export async function amplifyAuth(): Promise<AmplifyAuth> {
  const auth = await import('./amplify-auth-api');
  const { Amplify } = auth;
  if (wanted && applied !== wanted.key) {
    const { userPoolId, userPoolClientId, cognitoEndpoint } = wanted.config;
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId,
          userPoolClientId,
          ...(cognitoEndpoint ? { userPoolEndpoint: cognitoEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
    applied = wanted.key;
  }
  return auth;
}

/**
 * Points Amplify at the user pool named in `/config.json`. Locally `cognitoEndpoint` is cognito-local, which
 * Amplify reaches through `userPoolEndpoint`; in AWS it is absent and Amplify derives the regional endpoint.
 * Returns false when this configuration is already the current one (Amplify keeps one global configuration).
 * Starts fetching Amplify: at once when a session may be stored, else when the browser is idle.
 */
export function configureIdentity(config: IdentityConfig): boolean {
  const key = `${config.userPoolId}|${config.userPoolClientId}|${config.cognitoEndpoint ?? ''}`;
  if (wanted?.key === key) return false;
  wanted = { key, config };
  // A visitor who may be signed in needs Amplify for the guards' session read: at once. Anyone else needs it
  // only to sign in: once the browser is idle, so it never competes with the sign-in form's own files.
  const fetchAmplify = () => void amplifyAuth().catch(() => undefined);
  if (mayHoldSession(config.userPoolClientId)) fetchAmplify();
  else if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchAmplify, { timeout: 3_000 });
  else setTimeout(fetchAmplify, 0);
  return true;
}

/** The app client named in the current configuration (undefined before `/config.json` is known). */
export function configuredClientId(): string | undefined {
  return wanted?.config.userPoolClientId;
}
