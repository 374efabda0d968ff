import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ENV, optionalEnv, requireEnv } from './env';

export interface CognitoClientOptions {
  /** cognito-local's URL; absent in AWS. */
  endpoint?: string;
  region?: string;
}

/**
 * A Cognito client. Against an emulator it gets explicit dummy credentials so the SDK never walks the credential
 * chain (which would probe instance metadata); in AWS it uses the default chain (the function's role).
 */
export function createCognitoClient(options: CognitoClientOptions = {}): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: options.region ?? process.env.AWS_REGION ?? 'ca-central-1',
    maxAttempts: 4,
    ...(options.endpoint
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
}

let client: CognitoIdentityProviderClient | undefined;

/** The function's one Cognito client, built from configuration (COGNITO_ENDPOINT locally). */
export function cognitoClient(): CognitoIdentityProviderClient {
  client ??= createCognitoClient({ endpoint: optionalEnv(ENV.cognitoEndpoint) });
  return client;
}

export function userPoolId(): string {
  return requireEnv(ENV.userPoolId);
}

/** Test hook: forget the cached client so a test can point the next one elsewhere. */
export function resetCognitoClient(): void {
  client = undefined;
}
