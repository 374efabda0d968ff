import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '../../../../../shared/runtime-config';

let configuredFor: string | undefined;

/**
 * Points Amplify at the user pool named in `/config.json`. Locally `cognitoEndpoint` is cognito-local, which
 * Amplify reaches through `userPoolEndpoint`; in AWS it is absent and Amplify derives the regional endpoint.
 * Returns false when the configuration was already applied (Amplify keeps one global configuration).
 */
export function configureAmplify(config: RuntimeConfig): boolean {
  const key = `${config.userPoolId}|${config.userPoolClientId}|${config.cognitoEndpoint ?? ''}`;
  if (configuredFor === key) return false;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  configuredFor = key;
  return true;
}
