import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { isValidEmail, normalizeEmail } from '@shared/rules/email';

/** cdk.json context key of the deploy settings (an object); `-c schoolDirectory.<key>=value` overrides one key. */
export const SETTINGS_CONTEXT_KEY = 'schoolDirectory';

// `cdk deploy -c key=value` hands every value over as a string; these accept both the JSON and the string form.
const emptyAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const flag = z.preprocess(
  emptyAsMissing,
  z.union([z.boolean(), z.stringbool()], { error: 'must be true or false' }),
);
const whole = z.preprocess(emptyAsMissing, z.coerce.number().int());
const email = z.preprocess(
  emptyAsMissing,
  z
    .string()
    .transform(normalizeEmail)
    .refine(isValidEmail, { message: 'is not a valid email address' })
    .optional(),
);

/**
 * Deploy settings: the only knobs of a deployment. Secrets never go here (cdk.json is committed).
 * docs/deploy.md explains each one.
 */
export const DeploySettingsSchema = z
  .object({
    /** Personal data stays in Canada (docs/deploy.md): only Canadian regions are accepted. */
    region: z.preprocess(emptyAsMissing, z.enum(['ca-central-1', 'ca-west-1']).default('ca-central-1')),
    /** SES sender of every app email (update links) and, once verified, of Cognito's emails. */
    senderEmail: email,
    /**
     * Cognito refuses to create or update a pool whose SES sender is not verified yet, so the first deploy creates the
     * SES identity and keeps Cognito's own mailer; set this to true once SES shows the address as verified.
     */
    cognitoEmailViaSes: flag.default(false),
    /** School contact shown in the footer and in error advice. */
    contactEmail: email,
    /** Who the alarms email (SNS subscription, lib/constructs/monitoring.ts); contactEmail when unset. */
    alarmEmail: email,
    /** Custom domain of the site (e.g. bottin.ecole.ca); needs certificateArn. */
    siteDomain: z.preprocess(
      emptyAsMissing,
      z
        .string()
        .toLowerCase()
        .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'is not a host name')
        .optional(),
    ),
    /** ACM certificate for siteDomain. CloudFront only accepts certificates from us-east-1. */
    certificateArn: z.preprocess(
      emptyAsMissing,
      z
        .string()
        .regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/, 'must be an ACM certificate ARN in us-east-1')
        .optional(),
    ),
    /**
     * An existing table the app uses instead of the stack's own (a point-in-time restore, docs/operations.md). Same
     * keys and index as the stack's table; the stack's own table is retained, not deleted.
     */
    adoptTableName: z.preprocess(
      emptyAsMissing,
      z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/, 'is not a DynamoDB table name').optional(),
    ),
    /** The verified email that is made administrator at its first sign-in (docs/deploy.md). */
    firstAdminEmail: email,
    /** AWS WAF web ACL on the API (rate limit on validateEmailV2). */
    wafEnabled: flag.default(true),
    /** validateEmailV2 requests allowed per client IP per 5 minutes at the firewall (AWS WAF minimum: 10). */
    validateEmailRateLimit: whole.pipe(z.number().min(10).max(1_000_000)).default(100),
    /** Administrators need a TOTP authenticator for the admin routes (docs/auth.md). */
    adminMfaRequired: flag.default(true),
    /** Whether validateEmailV2 tells anonymous callers the registered person's name and role. */
    exposeNamesToAnonymous: flag.default(false),
    /** How long an annual-update link stays valid. */
    updateLinkTtlDays: whole.pipe(z.number().min(1).max(365)).default(30),
    /** Emails per second the senders allow themselves (SES sandbox: 1; check the account's SES quota). */
    sendRatePerSecond: z
      .preprocess(emptyAsMissing, z.coerce.number().positive().max(500))
      .default(1),
  })
  .strict()
  .superRefine((settings, ctx) => {
    if (settings.siteDomain && !settings.certificateArn) {
      ctx.addIssue({
        code: 'custom',
        path: ['certificateArn'],
        message: 'is required when siteDomain is set (CloudFront needs a us-east-1 ACM certificate for the domain)',
      });
    }
    if (settings.certificateArn && !settings.siteDomain) {
      ctx.addIssue({ code: 'custom', path: ['siteDomain'], message: 'is required when certificateArn is set' });
    }
    if (settings.cognitoEmailViaSes && !settings.senderEmail) {
      ctx.addIssue({ code: 'custom', path: ['senderEmail'], message: 'is required when cognitoEmailViaSes is true' });
    }
  });

export type DeploySettings = z.output<typeof DeploySettingsSchema>;

export class DeploySettingsError extends Error {
  override readonly name = 'DeploySettingsError';
}

/** The minimal view of a construct node this module needs, so tests can parse settings without an App. */
export interface ContextSource {
  tryGetContext(key: string): unknown;
}

const SETTING_KEYS = Object.keys(DeploySettingsSchema.shape) as (keyof DeploySettings)[];

/**
 * Reads the settings object from context, lets `-c schoolDirectory.<key>=value` override single keys, and
 * validates the result. Fails with one readable message listing every bad key.
 */
export function readDeploySettings(context: ContextSource): DeploySettings {
  let base: unknown = context.tryGetContext(SETTINGS_CONTEXT_KEY) ?? {};
  if (typeof base === 'string') {
    try {
      base = JSON.parse(base);
    } catch {
      throw new DeploySettingsError(`Context "${SETTINGS_CONTEXT_KEY}" is not valid JSON.`);
    }
  }
  if (typeof base !== 'object' || base === null || Array.isArray(base)) {
    throw new DeploySettingsError(`Context "${SETTINGS_CONTEXT_KEY}" must be an object (see docs/deploy.md).`);
  }
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const key of SETTING_KEYS) {
    const override = context.tryGetContext(`${SETTINGS_CONTEXT_KEY}.${key}`);
    if (override !== undefined) merged[key] = override;
  }
  return parseDeploySettings(merged);
}

export function parseDeploySettings(input: unknown): DeploySettings {
  const result = DeploySettingsSchema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const where = [SETTINGS_CONTEXT_KEY, ...issue.path.map(String)].join('.');
    return `  - ${where}: ${issue.message}`;
  });
  throw new DeploySettingsError(
    ['Invalid deploy settings (cdk.json context or -c options; see docs/deploy.md):', ...lines].join('\n'),
  );
}

/** Context key naming the built frontend to publish; defaults to frontend/dist. */
export const WEB_ASSET_DIR_CONTEXT_KEY = 'webAssetDir';

/**
 * A page that says the site was not built. `npm ci && npm run synth` works on a fresh clone with it, and a template
 * holding it cannot be deployed (lib/deploy-guard.ts): see docs/decisions/README.md.
 */
export const PLACEHOLDER_WEB_DIR = fileURLToPath(new URL('./web-placeholder', import.meta.url));

export interface WebAssetDir {
  dir: string;
  /** True when frontend/dist was missing and the placeholder page stands in for it. */
  placeholder: boolean;
}

/**
 * The built frontend directory. Without frontend/dist (a fresh clone), the placeholder stands in so synth works;
 * a directory named explicitly with -c webAssetDir must exist (a typo must not publish the placeholder).
 */
export function readWebAssetDir(context: ContextSource, repoRoot: string): WebAssetDir {
  const configured = context.tryGetContext(WEB_ASSET_DIR_CONTEXT_KEY);
  const explicit = typeof configured === 'string' && configured !== '';
  const dir = path.resolve(repoRoot, explicit ? configured : 'frontend/dist');
  if (existsSync(path.join(dir, 'index.html'))) return { dir, placeholder: false };
  if (!explicit) return { dir: PLACEHOLDER_WEB_DIR, placeholder: true };
  throw new DeploySettingsError(
    `No frontend build at ${dir} (index.html missing): run npm run build:web first ` +
      `(or pass -c ${WEB_ASSET_DIR_CONTEXT_KEY}=<dir>).`,
  );
}
