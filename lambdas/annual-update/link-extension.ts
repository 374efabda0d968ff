import { currentLinkHashes, extendLetter, extendLink } from './reopen-repository';
import { updateLinkTtlDays } from './settings';

/**
 * How long an update link lives, and carrying the links already sent past a new deadline (docs/annual-update.md,
 * "Links and the deadline"): an emailed link or a letter's code says « answer by the deadline », so it must work
 * through that day, however far the deadline is.
 */

/** A link issued now lives a full link's life, and at least two days past the deadline's day (epoch seconds). */
export function linkExpiry(now: Date, deadline: string | undefined, ttlDays = updateLinkTtlDays()): number {
  const fresh = Math.floor(now.getTime() / 1000) + ttlDays * 86_400;
  if (!deadline) return fresh;
  const afterDeadline = Math.floor(Date.parse(`${deadline}T00:00:00Z`) / 1000) + 2 * 86_400;
  return Math.max(fresh, afterDeadline);
}

/** Writes at once while carrying links: small enough for DynamoDB's per-partition pace, large enough for a school. */
const AT_ONCE = 8;

/**
 * Every current link and letter code of the campaign still valid at `validAt` (epoch seconds) lives until
 * `expiresAt` at least. Idempotent (a link already carried, revoked, replaced or expired is left alone): a call cut
 * short is finished by the same call again.
 */
export async function extendLinks(campaignId: string, validAt: number, expiresAt: number): Promise<void> {
  const { links, letters } = await currentLinkHashes(campaignId);
  const writes: (() => Promise<boolean>)[] = [
    ...links.map((hash) => () => extendLink(hash, campaignId, validAt, expiresAt)),
    ...letters.map((l) => () => extendLink(l.codeHash, campaignId, validAt, expiresAt)),
    ...letters.map((l) => () => extendLetter(campaignId, l.parentId, l.codeHash, expiresAt)),
  ];
  // The first alone: a refused one (DynamoDB throttling) stops the call before any other write is tried.
  if (writes.length > 0) await writes[0]!();
  for (let start = 1; start < writes.length; start += AT_ONCE) {
    await Promise.all(writes.slice(start, start + AT_ONCE).map((write) => write()));
  }
}
