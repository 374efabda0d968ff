import { logger } from '../common/logger';
import { listSuppressions } from '../common/suppression-repository';
import type { Suppression } from '@shared/rules/annual-update-bounces';
import { expiryDay } from '@shared/rules/school-calendar';
import { isDefiniteSendFailure, sendErrorName, SUPPRESSED_ERROR } from '../common/mailer';
import { getSettings } from '../directory/public';
import type { Campaign, Participant, ParticipantEvent } from '@shared/schemas/annual-update';
import type { SendJob, SendJobEntry } from '@shared/schemas/send-job';
import type { SchoolSettings } from '@shared/schemas/settings';
import { getParticipant } from './campaign-repository';
import { linkExpiry } from './link-extension';
import { updateLinkEmail } from './email/update-link-email';
import { claimEntry, recordDelivery, recordFailure, skipEntry } from './send-job-repository';
import type { SendDeps } from './send-deps';
import { createThrottle } from './throttle';
import { getUpdateToken, newToken } from './token-repository';
import { recipientOf } from './staff-recipient';

/**
 * The per-email protocol of a send job (docs/annual-update.md, "Send jobs"): claim the entry with a conditional
 * write, call SES, record the outcome in one transaction. A crash between the SES call and the record leaves
 * the entry `sending`; `recover` records it as uncertain, so no parent is emailed twice by one job.
 */

/** The skip reason of an entry whose address is suppressed (SendJobEntry.lastError). */
export const SUPPRESSED_SKIP = { bounce: 'addressBounced', complaint: 'addressComplained' } as const;

/** The school's name and contact, which every email carries. */
export async function requireSettings(): Promise<SchoolSettings> {
  const settings = await getSettings();
  if (!settings) throw new Error('School settings are missing');
  return settings;
}

/** Sends one chunk for one job: throttled, within a time budget, each parent claimed before SES is called. */
export class ChunkWorker {
  private readonly throttle;
  /** Addresses that bounced or complained, read at the start of each chunk. */
  private suppressions: ReadonlyMap<string, Suppression> = new Map();
  constructor(
    private readonly campaign: Campaign,
    private readonly job: SendJob,
    private readonly deps: SendDeps,
    private readonly settings: SchoolSettings,
  ) {
    this.throttle = createThrottle(deps.ratePerSecond, () => deps.now().getTime(), deps.sleep);
  }

  async run(candidates: SendJobEntry[], deadlineMs: number): Promise<number> {
    // One read per chunk (a handful of items); a suppression recorded since is caught by the mailer (defaultMailer).
    this.suppressions = await listSuppressions();
    const interval = 1000 / this.deps.ratePerSecond;
    let processed = 0;
    for (const entry of candidates) {
      // Stop early enough that the last send and its bookkeeping finish inside the budget.
      if (processed >= this.deps.maxPerCall || this.deps.now().getTime() + interval > deadlineMs) break;
      await this.throttle.wait();
      await this.sendOne(entry);
      processed++;
    }
    return processed;
  }

  /** At most once: a claimed entry whose worker died is taken as sent (uncertain), and its link kept valid. */
  async recover(entry: SendJobEntry): Promise<void> {
    const participant = await getParticipant(this.campaign.id, entry.parentId);
    if (!participant || !entry.tokenHash) return skipEntry(entry, 'parentRemoved', this.deps.now());
    logger.warn('send interrupted, recorded as uncertain', { jobId: entry.jobId, parentId: entry.parentId });
    await this.deliver(entry, participant, entry.tokenHash, 'uncertain', this.event('sendUncertain', 'Interrupted'));
  }

  private async sendOne(entry: SendJobEntry): Promise<void> {
    const now = this.deps.now();
    const participant = await getParticipant(this.campaign.id, entry.parentId);
    // A staff participant is emailed the same way, with a link to the staff form (docs/annual-update.md, "Staff").
    const parent = participant && (await recipientOf(participant));
    if (!participant || !parent) return skipEntry(entry, 'parentRemoved', now);
    if (!parent.email) return skipEntry(entry, 'noEmail', now);
    // An address that bounced or complained gets nothing more (docs/annual-update.md, "Bounces and complaints").
    const suppression = this.suppressions.get(parent.email);
    if (suppression) return skipEntry(entry, SUPPRESSED_SKIP[suppression.reason], now);
    if (this.job.mode === 'remind' && participant.submittedAt) return skipEntry(entry, 'alreadySubmitted', now);

    const { token, tokenHash } = newToken();
    // Through the deadline the email gives, however far it is (a link's own life otherwise).
    const expiresAt = linkExpiry(now, this.campaign.deadline, this.deps.linkTtlDays);
    const issued = {
      tokenHash,
      campaignId: this.campaign.id,
      parentId: parent.id,
      createdAt: now.toISOString(),
      expiresAt,
      ...(participant.kind === 'staff' ? { kind: 'staff' as const } : {}),
    };
    if (!(await claimEntry(entry, issued, now))) return;
    const claimed: SendJobEntry = { ...entry, state: 'sending', attempts: entry.attempts + 1, tokenHash };

    const kind = participant.emailsSent > 0 ? 'reminder' : 'invitation';
    const content = updateLinkEmail({
      locale: parent.preferredLanguage ?? 'fr',
      kind,
      audience: participant.kind === 'staff' ? 'staff' : 'parent',
      firstName: parent.firstName,
      schoolName: this.settings.schoolName,
      schoolYear: this.campaign.schoolYear,
      // The page opens in the email's language unless the visitor chose another (docs/annual-update.md).
      link: `${this.deps.baseUrl}/update/${token}?lang=${parent.preferredLanguage ?? 'fr'}${parent.linkSuffix}`,
      deadline: this.campaign.deadline,
      linkExpiresOn: expiryDay(expiresAt),
      contact: { email: this.settings.contact.email, phone: this.settings.contact.phone },
    });
    try {
      const result = await this.deps.mailer.send({ to: parent.email, ...content });
      // Suppressed since the check above: nothing left; the retry finds the suppression and skips the entry.
      if (result.suppressed) throw Object.assign(new Error(SUPPRESSED_ERROR), { name: SUPPRESSED_ERROR, code: SUPPRESSED_ERROR });
    } catch (error) {
      const name = sendErrorName(error);
      logger.warn('send failed', { jobId: entry.jobId, parentId: entry.parentId, error: name });
      if (isDefiniteSendFailure(error)) {
        await recordFailure(this.campaign.id, claimed, tokenHash, this.event('sendFailed', name), this.deps.now());
      } else {
        // SES may have taken it: recorded as uncertain and never retried automatically (at most once).
        await this.deliver(claimed, participant, tokenHash, 'uncertain', this.event('sendUncertain', name));
      }
      return;
    }
    const event = this.event(kind === 'reminder' ? 'reminderSent' : 'emailSent');
    await this.deliver(claimed, participant, tokenHash, 'sent', event);
  }

  private async deliver(
    entry: SendJobEntry,
    participant: Participant,
    tokenHash: string,
    outcome: 'sent' | 'uncertain',
    event: ParticipantEvent,
  ): Promise<void> {
    let current: Participant | undefined = participant;
    for (let attempt = 0; attempt < 3 && current; attempt++) {
      const previous = current.tokenHash && current.tokenHash !== tokenHash ? current.tokenHash : undefined;
      const previousStored = previous !== undefined && (await getUpdateToken(previous)) !== undefined;
      const result = await recordDelivery({ entry, participant: current, tokenHash, outcome, event, now: this.deps.now(), previousStored });
      if (result === 'done') return;
      current = await getParticipant(this.campaign.id, entry.parentId);
    }
    throw new Error('Could not record a delivery after 3 attempts');
  }

  private event(event: ParticipantEvent['event'], error?: string): ParticipantEvent {
    return { at: this.deps.now().toISOString(), event, jobId: this.job.jobId, ...(error ? { error } : {}) };
  }
}
