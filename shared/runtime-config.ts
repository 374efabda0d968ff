import * as z from 'zod';

/**
 * `/config.json`, read by the frontend at start-up. Written by CDK (BucketDeployment) in AWS and by the local
 * stack locally, so one frontend build serves every environment.
 */
export const RuntimeConfigSchema = z.object({
  mode: z.enum(['aws', 'local']),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Base path or URL of the API; `/api` on the same origin in every environment. */
  apiBaseUrl: z.string().min(1),
  /** Local only: cognito-local's endpoint (Amplify `userPoolEndpoint`). */
  cognitoEndpoint: z.string().url().optional(),
  /** Local only: the SES emulator's mailbox page, linked from the debug panel. */
  mailboxUrl: z.string().url().optional(),
  /** School contact shown in the footer and in error advice. */
  contactEmail: z.string().email().optional(),
  build: z.string().optional(),
});

export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
