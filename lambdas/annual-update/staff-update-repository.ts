import { tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { entityItem } from '../directory/public';
import { auditPut } from '../common/audit';
import { conditionalPutItem, transactWrite, type TransactItem } from '../common/transact';
import type { Participant, ParticipantEvent } from '@shared/schemas/annual-update';
import type { Staff } from '@shared/schemas/staff';
import type { AuditEntry } from '@shared/schemas/system';
import { campaignKey } from './items';

/**
 * A staff member's answer in ONE TransactWrite (docs/data-model.md, pattern 23 for staff): the staff record
 * (version-checked; a confirmation without changes only checks the version), the participant's submission, the
 * campaign's `staffSubmitted` on a first answer, and the audit entry. Names and email are not editable here, so
 * the registry is untouched. CONFLICT on a lost race, and nothing is written.
 */
export interface StaffUpdatePlan {
  current: Staff;
  next?: Staff;
  participant?: { before: Participant; events: ParticipantEvent[] };
  audit: Omit<AuditEntry, 'id'>;
  now: Date;
}

export async function saveStaffUpdate(plan: StaffUpdatePlan): Promise<void> {
  const { current, next } = plan;
  const items: TransactItem[] = [
    next
      ? conditionalPutItem(entityItem('STAFF', next), { expectedVersion: current.version })
      : {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.entity('STAFF', current.id),
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': current.version },
          },
        },
  ];
  if (plan.participant) items.push(...participantItems(plan.participant, plan.now));
  items.push(auditPut(plan.audit));
  await transactWrite(items);
}

/** The participant records the answer; the campaign counts a first answer once (condition on the state read). */
function participantItems(change: NonNullable<StaffUpdatePlan['participant']>, now: Date): TransactItem[] {
  const { before, events } = change;
  const first = before.submittedAt === undefined;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.participant(before.campaignId, before.parentId),
        UpdateExpression:
          'SET submittedAt = if_not_exists(submittedAt, :now), lastActivityAt = :now, ' +
          'history = list_append(if_not_exists(history, :empty), :events)',
        ConditionExpression: `attribute_exists(pk) AND ${first ? 'attribute_not_exists(submittedAt)' : 'attribute_exists(submittedAt)'}`,
        ExpressionAttributeValues: { ':now': now.toISOString(), ':empty': [], ':events': events },
      },
    },
  ];
  if (first) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: campaignKey(before.campaignId),
        UpdateExpression: 'ADD staffSubmitted :one',
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': 'active', ':one': 1 },
      },
    });
  }
  return items;
}
