/** Environment access that fails loudly: a missing setting is a deployment bug, not a user error. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
}

export function optionalEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function numberEnv(name: string, fallback: number): number {
  const raw = optionalEnv(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`Environment variable ${name} is not a number`);
  return value;
}

/** Names of the environment variables the functions read, set by lib/constructs/lambda-function.ts and local/. */
export const ENV = {
  tableName: 'TABLE_NAME',
  /** Only set locally: DynamoDB Local endpoint. */
  dynamoEndpoint: 'DYNAMODB_ENDPOINT',
  /** Only set locally: SES emulator endpoint. */
  sesEndpoint: 'SES_ENDPOINT',
  /** Only set locally: cognito-local endpoint. */
  cognitoEndpoint: 'COGNITO_ENDPOINT',
  userPoolId: 'USER_POOL_ID',
  senderEmail: 'SENDER_EMAIL',
  publicBaseUrl: 'PUBLIC_BASE_URL',
  exposeNamesToAnonymous: 'EXPOSE_NAMES_TO_ANONYMOUS',
  /** validateEmailV2 calls allowed per client IP per minute (default in lambdas/auth/auth-service.ts). */
  validateEmailRateLimit: 'VALIDATE_EMAIL_RATE_LIMIT',
  /** The email that becomes the first administrator on its first GET /api/me (docs/auth.md). */
  firstAdminEmail: 'FIRST_ADMIN_EMAIL',
  /** `true`: administrators must have a TOTP second factor for the admin routes (docs/auth.md). */
  adminMfaRequired: 'ADMIN_MFA_REQUIRED',
  /** Days an annual-update link stays valid (deploy setting updateLinkTtlDays). */
  updateLinkTtlDays: 'UPDATE_LINK_TTL_DAYS',
  /** Emails per second a sending function allows itself (deploy setting sendRatePerSecond; SES quota). */
  sendRatePerSecond: 'SEND_RATE_PER_SECOND',
  stage: 'STAGE',
  /** The secret CloudFront (or the local gateway) sends in ORIGIN_VERIFY_HEADER (shared/contracts/http-headers.ts). */
  originVerifySecret: 'ORIGIN_VERIFY_SECRET',
  /** In AWS: the ARN of the secret keying the rate-limit counters' HMAC (lambdas/common/rate-limit-key.ts). */
  rateLimitSecretArn: 'RATE_LIMIT_SECRET_ARN',
  /** The SES configuration set every email is sent with: it publishes bounces and complaints (docs/annual-update.md). */
  sesConfigurationSet: 'SES_CONFIGURATION_SET',
  /** The bounce function: the only SNS topic whose notifications it accepts. */
  bounceTopicArn: 'BOUNCE_TOPIC_ARN',
  /** Only set locally: that key itself. */
  rateLimitKey: 'RATE_LIMIT_KEY',
} as const;

/** The site's URL, for links in emails (deploy setting; set for every context that sends mail): never the request's Host header, which the caller chooses. */
export function publicBaseUrl(): string {
  return requireEnv(ENV.publicBaseUrl).replace(/\/+$/, '');
}
