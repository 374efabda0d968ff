import type { MeParentProfile } from '@shared/contracts/auth-api';
import type { Campaign } from '@shared/schemas/annual-update';
import type { Parent } from '@shared/schemas/parent';
import { TABLE_INDEXES } from '@shared/schemas/table-schema';
import { ReviewedFieldSchema, type ReviewedField } from '@shared/rules/annual-update-review';
import { audiencesOf } from '@shared/rules/visibility';
import {
  MY_DATA_FORMAT,
  type MyDataCampaign,
  type MyDataParent,
  type MyDataRecord,
  type MyDataResponse,
} from '@shared/contracts/my-data-api';
import { getCampaign, getParticipant } from '../../annual-update/public';
import { getPendingChange } from '../../annual-update/public';
import { readParentProfiles } from '../../auth/public';
import { writeAudit } from '../../common/audit';
import type { Caller, RegisteredPerson } from '../../common/claims';
import { AppError } from '../../common/errors';
import { keys } from '../../common/keys';
import { queryAll } from '../../common/query';
import { getEntity } from '../../directory/public';
import { myActivity } from '../activity/activity-service';
import { listConsent } from '../../directory/public';

/**
 * "Download my data" (docs/privacy.md, "Download my data"; Law 25 s. 27): everything held about the caller's
 * parent records, gathered from the readers that already exist (My Profile's, the consent log's, the activity's)
 * and the annual-update campaigns they took part in. Only the caller's own data: children by name, level and
 * class; committee seats by name and role; no co-parent, teacher or administrator. Each download is audited.
 */

/** The stored record's own fields, never the safety restriction (administrators only). */
export function recordOf(parent: Parent): MyDataRecord {
  return {
    id: parent.id,
    firstName: parent.firstName,
    lastName: parent.lastName,
    ...(parent.email ? { email: parent.email } : {}),
    ...(parent.phone ? { phone: parent.phone } : {}),
    ...(parent.address ? { address: { ...parent.address } } : {}),
    interests: [...parent.interests],
    skills: parent.skills,
    participation: parent.participation,
    audiences: audiencesOf(parent),
    preferredLanguage: parent.preferredLanguage,
    createdAt: parent.createdAt,
    updatedAt: parent.updatedAt,
  };
}

/** Every campaign header, oldest first (gsi1 `CAMPAIGNS`, then one GetItem each; a handful, one per year). */
async function listCampaigns(): Promise<Campaign[]> {
  const items = await queryAll({
    IndexName: TABLE_INDEXES.byPerson.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.campaignsGsi() },
  });
  const campaigns = await Promise.all(items.map((item) => getCampaign(item.id as string)));
  return campaigns.filter((c): c is Campaign => c !== undefined).sort((a, b) => a.id.localeCompare(b.id));
}

/** The parent's participation in each campaign they were part of (the campaign's own ids stay out). */
async function campaignsOf(parentId: string, campaigns: readonly Campaign[]): Promise<MyDataCampaign[]> {
  const found = await Promise.all(
    campaigns.map(async (campaign): Promise<MyDataCampaign | undefined> => {
      const [participant, held] = await Promise.all([getParticipant(campaign.id, parentId), getPendingChange(campaign.id, parentId)]);
      if (!participant) return undefined;
      const awaitingReview = held && {
        submittedAt: held.submittedAt,
        fields: held.changes.map((change) => ({ field: change.field, ...(change.new === undefined ? {} : { submitted: change.new }) })),
      };
      return {
        schoolYear: campaign.schoolYear,
        status: campaign.status,
        ...(participant.submittedAt ? { submittedAt: participant.submittedAt } : {}),
        optedOut: participant.optedOut,
        history: (participant.history ?? []).map(({ at, event, via, fields }) => ({
          at,
          event,
          ...(via ? { via } : {}),
          ...(fields?.length ? { fields: fields.filter((f): f is ReviewedField => ReviewedFieldSchema.safeParse(f).success) } : {}),
        })),
        ...(awaitingReview ? { awaitingReview } : {}),
      };
    }),
  );
  return found.filter((c): c is MyDataCampaign => c !== undefined);
}

async function parentSection(
  person: RegisteredPerson,
  profile: MeParentProfile | undefined,
  campaigns: readonly Campaign[],
  caller: Caller,
): Promise<MyDataParent | undefined> {
  const parent = await getEntity('PARENT', person.personId);
  if (!parent) return undefined;
  const [consentLog, campaignHistory, activity] = await Promise.all([
    listConsent(parent.id),
    campaignsOf(parent.id, campaigns),
    myActivity([person], caller),
  ]);
  return {
    record: recordOf(parent),
    children: (profile?.children ?? []).map((child) => ({
      firstName: child.firstName,
      lastName: child.lastName,
      level: child.level,
      ...(child.class ? { class: { code: child.class.code, name: child.class.name } } : {}),
    })),
    committees: (profile?.committees ?? []).map((seat) => ({ name: { ...seat.name }, role: seat.role })),
    consentLog,
    campaigns: campaignHistory,
    activity,
  };
}

/**
 * The caller's data, one section per parent record; 404 for a member without one (staff only). The audit entry
 * (ids only) is written once per record before the answer leaves, so a download never goes unrecorded.
 */
export async function myData(people: readonly RegisteredPerson[], caller: Caller, now: Date): Promise<MyDataResponse> {
  const parents = people.filter((person) => person.personType === 'PARENT');
  if (parents.length === 0) throw new AppError('NOT_FOUND');
  const [profiles, campaigns] = await Promise.all([readParentProfiles([...parents]), listCampaigns()]);
  const sections = await Promise.all(
    parents.map((person) => parentSection(person, profiles.find((p) => p.id === person.personId), campaigns, caller)),
  );
  const found = sections.filter((s): s is MyDataParent => s !== undefined);
  if (found.length === 0) throw new AppError('NOT_FOUND');
  const at = now.toISOString();
  await Promise.all(
    found.map((section) =>
      writeAudit({ at, actor: { kind: 'user', id: caller.sub }, action: 'parent.dataDownload', target: { type: 'PARENT', id: section.record.id } }),
    ),
  );
  return { format: MY_DATA_FORMAT, generatedAt: at, parents: found };
}
