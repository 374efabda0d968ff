import { getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import { deleteEntity, getEntity } from '../../lambdas/directory/directory-repository';

/** Helpers of the campaign journeys (not a test file: vitest collects *.test.ts only). */

/** One campaign at a time on a shared stack: whatever campaign is open (another file's, a failed run's) is closed. */
export async function closeOpenCampaign(reason: string): Promise<void> {
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, reason);
}

/** After a campaign journey: its campaign closed, so the next file can start its own, and its own parents deleted. */
export async function endCampaignJourney(own: readonly { id: string }[]): Promise<void> {
  await closeOpenCampaign('test-cleanup');
  for (const parent of own) {
    const current = await getEntity('PARENT', parent.id);
    if (current) await deleteEntity('PARENT', current);
  }
}
