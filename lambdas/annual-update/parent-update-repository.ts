import { tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { entityItem, membershipItem } from '../directory/public';
import { auditPut } from '../common/audit';
import { conditionalPutItem, transactWrite, type TransactItem } from '../common/transact';
import { registryTransactItems } from '../registry/public';
import type { Participant, ParticipantEvent } from '@shared/schemas/annual-update';
import type { Membership } from '@shared/schemas/committee';
import type { Parent } from '@shared/schemas/parent';
import type { AuditEntry } from '@shared/schemas/system';
import { campaignKey } from './items';
import { consentPuts } from '../directory/public';
import type { ConsentEntry } from '@shared/contracts/privacy-consent-api';

/**
 * Pattern 23: a parent's answer in ONE TransactWrite: the parent (version-checked), their registry entry if the
 * display name changed, the committee seats an opt-out removes or the parent joins or leaves, the co-parents who
 * share the address (each version-checked), the participant's transition and the campaign
 * counts it causes, and the audit entry. Either everything is recorded or nothing is (CONFLICT on a lost race).
 */
export interface ParentUpdatePlan {
  current: Parent;
  /** Undefined when the parent confirmed their data unchanged: only the version is checked. */
  next?: Parent;
  removeSeats: Membership[];
  /** Seats the parent joins (created only if still free, the committee still open) or leaves (still plain). */
  seats?: { join: Membership[]; leave: Membership[] };
  /** Co-parents the address is also saved on, each at the version the form showed. */
  coParents?: { current: Parent; next: Parent }[];
  participant?: { before: Participant; optedOut: boolean; events: ParticipantEvent[] };
  audit: Omit<AuditEntry, 'id'>;
  /** The co-parents' and the committees' entries. */
  extraAudits?: Omit<AuditEntry, 'id'>[];
  /** The consent log's entry when the participation or an audience changed (docs/privacy.md). */
  consent?: ConsentEntry;
  /** More elements of the same transaction (the answer held for review: review-service.ts). */
  extraItems?: TransactItem[];
  now: Date;
}

export async function saveParentUpdate(plan: ParentUpdatePlan): Promise<void> {
  const { current, next } = plan;
  const items: TransactItem[] = next
    ? [
        conditionalPutItem(entityItem('PARENT', next), { expectedVersion: current.version }),
        // Email is not editable through the form, so only a display-name change reaches the registry here.
        ...registryTransactItems('PARENT', current.id, current, next),
      ]
    : [
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.entity('PARENT', current.id),
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': current.version },
          },
        },
      ];
  for (const seat of plan.removeSeats) {
    const { pk, sk } = keys.membership(seat.committeeId, 'PARENT', current.id);
    items.push({ Delete: { TableName: tableName(), Key: { pk, sk } } });
  }
  items.push(...seatItems(current.id, plan.seats));
  for (const co of plan.coParents ?? []) {
    items.push(conditionalPutItem(entityItem('PARENT', co.next), { expectedVersion: co.current.version }));
  }
  if (plan.participant) items.push(...participantItems(plan.participant, plan.now));
  items.push(auditPut(plan.audit), ...(plan.extraAudits ?? []).map(auditPut), ...consentPuts(plan.consent));
  items.push(...(plan.extraItems ?? []));
  await transactWrite(items);
}

/**
 * A sign-up: the committee must still be open (ConditionCheck), the seat still free (an administrator may have
 * just given one). Leaving: the seat must still be a plain one. Either failure is CONFLICT: the form reloads.
 */
function seatItems(parentId: string, seats: ParentUpdatePlan['seats']): TransactItem[] {
  if (!seats) return [];
  const items: TransactItem[] = [];
  for (const seat of seats.join) {
    items.push({
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.entity('COMMITTEE', seat.committeeId),
        ConditionExpression: 'openToSignUps = :open',
        ExpressionAttributeValues: { ':open': true },
      },
    });
    items.push({ Put: { TableName: tableName(), Item: membershipItem(seat), ConditionExpression: 'attribute_not_exists(pk)' } });
  }
  for (const seat of seats.leave) {
    const { pk, sk } = keys.membership(seat.committeeId, 'PARENT', parentId);
    items.push({
      Delete: {
        TableName: tableName(),
        Key: { pk, sk },
        ConditionExpression: '#role = :role',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': seat.role },
      },
    });
  }
  return items;
}

/**
 * The participant records the submission; the campaign counts a first submission once and follows opt-out
 * changes both ways. Each count moves under a condition on the state it was computed from.
 */
function participantItems(change: NonNullable<ParentUpdatePlan['participant']>, now: Date): TransactItem[] {
  const { before, optedOut, events } = change;
  const first = before.submittedAt === undefined;
  const optedOutDelta = optedOut === before.optedOut ? 0 : optedOut ? 1 : -1;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.participant(before.campaignId, before.parentId),
        UpdateExpression:
          'SET submittedAt = if_not_exists(submittedAt, :now), lastActivityAt = :now, optedOut = :optedOut, ' +
          'history = list_append(if_not_exists(history, :empty), :events)',
        ConditionExpression: `attribute_exists(pk) AND optedOut = :wasOptedOut AND ${
          first ? 'attribute_not_exists(submittedAt)' : 'attribute_exists(submittedAt)'
        }`,
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':optedOut': optedOut,
          ':wasOptedOut': before.optedOut,
          ':empty': [],
          ':events': events,
        },
      },
    },
  ];
  if (first || optedOutDelta !== 0) {
    const adds = [...(first ? ['formsSubmitted :one'] : []), ...(optedOutDelta !== 0 ? ['optedOut :delta'] : [])];
    items.push({
      Update: {
        TableName: tableName(),
        Key: campaignKey(before.campaignId),
        UpdateExpression: `ADD ${adds.join(', ')}`,
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':active': 'active',
          ...(first ? { ':one': 1 } : {}),
          ...(optedOutDelta !== 0 ? { ':delta': optedOutDelta } : {}),
        },
      },
    });
  }
  return items;
}
