import { ENV, numberEnv } from '../common/env';

/** Deployment settings the annual-update context reads (lib/context-grants.ts gives it each variable). */

/** Days an update link stays valid (deploy setting updateLinkTtlDays, default 30 as in cdk.json). */
export function updateLinkTtlDays(): number {
  const days = numberEnv(ENV.updateLinkTtlDays, 30);
  if (days < 1) throw new Error(`${ENV.updateLinkTtlDays} must be at least 1`);
  return days;
}

/**
 * Emails per second (deploy setting sendRatePerSecond). 1 when unset: the SES sandbox rate, the safe choice
 * for an account nobody has sized yet.
 */
export function sendRatePerSecond(): number {
  const rate = numberEnv(ENV.sendRatePerSecond, 1);
  if (rate <= 0) throw new Error(`${ENV.sendRatePerSecond} must be positive`);
  return rate;
}
