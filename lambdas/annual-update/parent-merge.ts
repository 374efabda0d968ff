import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES } from '@shared/schemas/table-schema';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { queryAll } from '../common/query';

/**
 * The campaign part of a parent merge (docs/product-rules.md, "Duplicates"), kept here because the items are the
 * annual update's: the other parent's participant item becomes the kept parent's; when both took part in one
 * campaign, the kept item stays and gains the other's events; the other parent's current update link is pointed
 * at the kept record, so a letter already sent keeps working. The merge (lambdas/admin/merge/) puts these changes
 * in its one transaction and its undo record, so they are raw items, before and after.
 */

type RawItem = Record<string, unknown>;
type Event = { at: string };

/** What the merge reads of the campaigns: each campaign's participant items of the two parents, and the links. */
export interface CampaignHistory {
  participants: { keep?: RawItem; other?: RawItem }[];
  /** Update links of the other parent's participants, present ones only. */
  tokens: RawItem[];
}

async function getRaw(key: { pk: string; sk: string }): Promise<RawItem | undefined> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item;
}

/** The ids of every campaign, from gsi1 (pattern 18; eventually consistent: a new campaign has no old parent). */
async function campaignIds(): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.campaignsGsi() },
    IndexName: TABLE_INDEXES.byPerson.name,
    ProjectionExpression: 'gsi1sk',
  });
  return items.map((item) => String(item.gsi1sk));
}

/** The two parents' campaign items, strongly consistent, as they are now. */
export async function readCampaignHistory(keepId: string, otherId: string): Promise<CampaignHistory> {
  const campaigns = await campaignIds();
  const participants = await Promise.all(
    campaigns.map(async (c) => {
      const [keep, other] = await Promise.all([getRaw(keys.participant(c, keepId)), getRaw(keys.participant(c, otherId))]);
      return { keep, other };
    }),
  );
  const hashes = participants.map((p) => p.other?.tokenHash).filter((h): h is string => typeof h === 'string');
  const tokens = await Promise.all(hashes.map((h) => getRaw(keys.updateToken(h))));
  return { participants, tokens: tokens.filter((t): t is RawItem => t !== undefined) };
}

const earliest = (a: unknown, b: unknown) => [a, b].filter((v): v is string => typeof v === 'string').sort()[0];

/** Each item the merge changes in the campaigns: before (absent when created) and after (absent when deleted). */
export function campaignHistoryChanges(history: CampaignHistory, keepId: string, otherId: string): { before?: RawItem; after?: RawItem }[] {
  const changes: { before?: RawItem; after?: RawItem }[] = [];
  for (const { keep: kept, other: theirs } of history.participants) {
    if (!theirs) continue;
    changes.push({ before: theirs });
    const moved = { ...theirs, ...keys.participant(String(theirs.campaignId), keepId), parentId: keepId };
    if (!kept) {
      changes.push({ after: moved });
      continue;
    }
    const events = [...((kept.history as Event[] | undefined) ?? []), ...((theirs.history as Event[] | undefined) ?? [])]
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const submittedAt = earliest(kept.submittedAt, theirs.submittedAt);
    changes.push({ before: kept, after: { ...kept, ...(events.length > 0 ? { history: events } : {}), ...(submittedAt ? { submittedAt } : {}) } });
  }
  for (const token of history.tokens) if (token.parentId === otherId) changes.push({ before: token, after: { ...token, parentId: keepId } });
  return changes;
}
