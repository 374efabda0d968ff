import { isValidEmail } from '../rules/email';

/**
 * `/config.json`, read by the frontend at start-up. Written by CDK (BucketDeployment) in AWS and by the local
 * stack locally, so one frontend build serves every environment.
 *
 * Checked by hand rather than with zod: this check runs before a phone's first screen, and zod (24 KB compressed)
 * would be downloaded and evaluated on that path for six fields (docs/decisions/sign-in-page-on-a-phone-fewer-bytes-before-the-form.md, "Sign-in page on a phone:
 * fewer bytes before the form").
 */
export interface RuntimeConfig {
  mode: 'aws' | 'local';
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Base path or URL of the API; `/api` on the same origin in every environment. */
  apiBaseUrl: string;
  /** Local only: cognito-local's endpoint (Amplify `userPoolEndpoint`). */
  cognitoEndpoint?: string;
  /** Local only: the SES emulator's mailbox page, linked from the debug panel. */
  mailboxUrl?: string;
  /** School contact shown in the footer and in error advice. */
  contactEmail?: string;
  build?: string;
}

export type RuntimeConfigCheck = { success: true; data: RuntimeConfig } | { success: false; fields: string[] };

type FieldRule = (value: unknown) => boolean;

const text: FieldRule = (value) => typeof value === 'string';
const nonEmpty: FieldRule = (value) => typeof value === 'string' && value.length > 0;
const url: FieldRule = (value) => {
  if (typeof value !== 'string') return false;
  try {
    // (Not URL.canParse: Safari before 17 lacks it.)
    new URL(value);
    return true;
  } catch {
    return false;
  }
};
const email: FieldRule = (value) => typeof value === 'string' && isValidEmail(value);

const REQUIRED: Record<Exclude<keyof RuntimeConfig, 'cognitoEndpoint' | 'mailboxUrl' | 'contactEmail' | 'build'>, FieldRule> = {
  mode: (value) => value === 'aws' || value === 'local',
  region: nonEmpty,
  userPoolId: nonEmpty,
  userPoolClientId: nonEmpty,
  apiBaseUrl: nonEmpty,
};
const OPTIONAL: Record<'cognitoEndpoint' | 'mailboxUrl' | 'contactEmail' | 'build', FieldRule> = {
  cognitoEndpoint: url,
  mailboxUrl: url,
  contactEmail: email,
  build: text,
};

/**
 * Checks a parsed `/config.json`: the fields it must have, the optional ones when present, and nothing else kept
 * (unknown fields are dropped). On failure, the names of the fields at fault, never their values.
 */
export function checkRuntimeConfig(json: unknown): RuntimeConfigCheck {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { success: false, fields: ['(root)'] };
  const input = json as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  const fields: string[] = [];
  for (const [field, valid] of Object.entries(REQUIRED)) {
    if (valid(input[field])) data[field] = input[field];
    else fields.push(field);
  }
  for (const [field, valid] of Object.entries(OPTIONAL)) {
    if (input[field] === undefined) continue;
    if (valid(input[field])) data[field] = input[field];
    else fields.push(field);
  }
  return fields.length > 0 ? { success: false, fields } : { success: true, data: data as unknown as RuntimeConfig };
}
