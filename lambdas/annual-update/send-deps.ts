import { defaultMailer, type Mailer } from '../common/mailer';
import { publicBaseUrl } from '../common/env';
import { sendRatePerSecond, updateLinkTtlDays } from './settings';

/** What a send job runs with (the mailer, the clock, the pace and bounds): tests pass their own. */
export interface SendDeps {
  mailer: Mailer;
  now: () => Date;
  sleep?: (ms: number) => Promise<void>;
  ratePerSecond: number;
  /** Wall time one continue call may spend sending (the Lambda times out at 10 s). */
  budgetMs: number;
  maxPerCall: number;
  /** How long a worker's claim on a job lasts if it never releases it (crash). */
  leaseMs: number;
  /** SES refusals tolerated per parent and job before the entry is left as failed. */
  maxAttempts: number;
  linkTtlDays: number;
  baseUrl: string;
}

/** Used where no SendDeps is at hand (progress reads); the same default as defaultSendDeps. */
export const DEFAULT_MAX_ATTEMPTS = 3;

export function defaultSendDeps(): SendDeps {
  return {
    mailer: defaultMailer(),
    now: () => new Date(),
    ratePerSecond: sendRatePerSecond(),
    budgetMs: 6_000,
    maxPerCall: 100,
    leaseMs: 30_000,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    linkTtlDays: updateLinkTtlDays(),
    baseUrl: publicBaseUrl(),
  };
}
