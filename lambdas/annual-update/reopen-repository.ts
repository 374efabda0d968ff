import { keys } from '../common/keys';
import { queryAll } from '../common/query';
import { auditPut } from '../common/audit';
import { AppError } from '../common/errors';
import { conditionalUpdate, transactWrite } from '../common/transact';
import { tableName } from '../common/dynamo';
import type { Campaign } from '@shared/schemas/annual-update';
import type { AuditEntry } from '@shared/schemas/system';
import { CAMPAIGN_LOCK } from './campaign-repository';
import { campaignKey } from './items';

/**
 * Reopening a closed campaign (docs/annual-update.md, "Campaign lifecycle"): its links, then the campaign itself. The
 * links' reads and writes also carry them past a moved deadline (link-extension.ts).
 */

/** The hashes of the links a campaign's parents hold: each participant's current link and each letter's current code. */
export async function currentLinkHashes(campaignId: string): Promise<{ links: string[]; letters: { parentId: string; codeHash: string }[] }> {
  const [participants, letters] = await Promise.all(
    [keys.participantPrefix(), keys.letterCodePrefix()].map((prefix) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.campaignPk(campaignId), ':prefix': prefix },
        ConsistentRead: true,
      }),
    ),
  );
  return {
    links: participants!.flatMap((p) => (typeof p.tokenHash === 'string' ? [p.tokenHash] : [])),
    letters: letters!.flatMap((l) =>
      typeof l.codeHash === 'string' && typeof l.parentId === 'string' ? [{ parentId: l.parentId, codeHash: l.codeHash }] : [],
    ),
  };
}

/**
 * A link that was still valid when the campaign closed lives until `expiresAt` (epoch seconds) at least. Idempotent:
 * a link already extended, revoked (gone), replaced, of another campaign or expired before the close is left alone.
 */
export function extendLink(tokenHash: string, campaignId: string, closedAt: number, expiresAt: number): Promise<boolean> {
  return conditionalUpdate({
    Key: keys.updateToken(tokenHash),
    UpdateExpression: 'SET expiresAt = :until',
    ConditionExpression:
      'attribute_exists(pk) AND campaignId = :campaign AND expiresAt > :closed AND expiresAt < :until AND attribute_not_exists(replacedAt)',
    ExpressionAttributeValues: { ':campaign': campaignId, ':closed': closedAt, ':until': expiresAt },
  });
}

/** The letter record follows its code (both carry the table's TTL attribute). */
export function extendLetter(campaignId: string, parentId: string, codeHash: string, expiresAt: number): Promise<boolean> {
  return conditionalUpdate({
    Key: keys.letterCode(campaignId, parentId),
    UpdateExpression: 'SET expiresAt = :until',
    ConditionExpression: 'codeHash = :hash AND expiresAt < :until',
    ExpressionAttributeValues: { ':hash': codeHash, ':until': expiresAt },
  });
}

/**
 * completed -> active with its new deadline, the lock taken again (no other campaign may be open) and the audit
 * entry, in one transaction. False when the campaign changed since it was read or another campaign holds the lock.
 */
export async function reactivateCampaign(
  campaign: Campaign,
  change: { deadline: string; remindersSent: number[]; now: Date },
  audit: Omit<AuditEntry, 'id'>,
): Promise<boolean> {
  const at = change.now.toISOString();
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: campaignKey(campaign.id),
          UpdateExpression:
            'SET #status = :active, deadline = :deadline, reopenedAt = :now, remindersSent = :sent, #version = #version + :one ' +
            'REMOVE completedAt',
          ConditionExpression: '#status = :completed AND #version = :expected',
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: {
            ':active': 'active',
            ':completed': 'completed',
            ':deadline': change.deadline,
            ':now': at,
            ':sent': change.remindersSent,
            ':expected': campaign.version,
            ':one': 1,
          },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.lock(CAMPAIGN_LOCK), type: 'LOCK', name: CAMPAIGN_LOCK, owner: campaign.id, acquiredAt: at },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      auditPut(audit),
    ]);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return false;
    throw error;
  }
}
