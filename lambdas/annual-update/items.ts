import { keys } from '../common/keys';
import { parseItem, stripKeys, type Item } from '../directory/public';
import {
  CampaignSchema,
  ParticipantSchema,
  UpdateTokenSchema,
  type Campaign,
  type Participant,
  type UpdateToken,
} from '@shared/schemas/annual-update';
import { SendJobEntrySchema, SendJobSchema, type SendJob, type SendJobEntry } from '@shared/schemas/send-job';

/** Item shapes of the annual-update context: entity fields flat next to the keys, as in the directory. */

export const campaignItem = (campaign: Campaign): Item => ({
  ...keys.campaign(campaign.id),
  type: 'CAMPAIGN',
  ...CampaignSchema.parse(campaign),
});

export const participantItem = (participant: Participant): Item => ({
  ...keys.participant(participant.campaignId, participant.parentId),
  type: 'PARTICIPANT',
  ...ParticipantSchema.parse(participant),
});

export const tokenItem = (token: UpdateToken): Item => ({
  ...keys.updateToken(token.tokenHash),
  type: 'TOKEN',
  ...UpdateTokenSchema.parse(token),
});

export const sendJobItem = (job: SendJob): Item => ({
  ...keys.sendJob(job.campaignId, job.jobId),
  type: 'SEND_JOB',
  ...SendJobSchema.parse(job),
});

export const sendJobEntryItem = (entry: SendJobEntry): Item => ({
  ...keys.sendJobEntry(entry.jobId, entry.parentId),
  type: 'SEND_JOB_ENTRY',
  ...SendJobEntrySchema.parse(entry),
});

/** Stored items back to entities. Unlike the directory read, a broken workflow item is a bug: it throws. */
function strictParse<T>(schema: { parse: (value: unknown) => T }, item: Item): T {
  return schema.parse(stripKeys(item));
}

export const parseCampaign = (item: Item): Campaign => strictParse(CampaignSchema, item);
export const parseParticipant = (item: Item): Participant => strictParse(ParticipantSchema, item);
export const parseToken = (item: Item): UpdateToken | undefined => parseItem(UpdateTokenSchema, item);
export const parseSendJob = (item: Item): SendJob => strictParse(SendJobSchema, item);
export const parseSendJobEntry = (item: Item): SendJobEntry => strictParse(SendJobEntrySchema, item);

/** The campaign header's primary key alone: GetItem and UpdateItem refuse the gsi1 attributes in `Key`. */
export function campaignKey(campaignId: string): { pk: string; sk: string } {
  const { pk, sk } = keys.campaign(campaignId);
  return { pk, sk };
}
