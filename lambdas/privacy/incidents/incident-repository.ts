import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { IncidentSchema, type Incident } from '@shared/contracts/privacy-incidents-api';
import { documentClient, tableName } from '../../common/dynamo';
import { keys, KEY_ATTRIBUTES } from '../../common/keys';
import { queryAll } from '../../common/query';
import { conditionalPutItem, type TransactItem } from '../../common/transact';

/** The incident register's partition (`PRIVACY#INCIDENTS`, lambdas/common/keys.ts): reads and write items. */

function toIncident(item: Record<string, unknown>): Incident {
  const record = Object.fromEntries(
    Object.entries(item).filter(([name]) => !(KEY_ATTRIBUTES as readonly string[]).includes(name)),
  );
  return IncidentSchema.parse(record);
}

/** Every incident, strongly consistent (the register is small: a few items a year). */
export async function listIncidents(): Promise<Incident[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.privacyIncidentsPk(), ':prefix': keys.privacyIncidentPrefix() },
    ConsistentRead: true,
  });
  return items.map(toIncident);
}

export async function getIncident(id: string): Promise<Incident | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.privacyIncident(id), ConsistentRead: true }),
  );
  return result.Item ? toIncident(result.Item) : undefined;
}

const itemOf = (incident: Incident) => ({ ...keys.privacyIncident(incident.id), type: 'PRIVACY_INCIDENT', ...incident });

/** A new incident's Put, refused if the id exists. */
export const incidentCreateItem = (incident: Incident): TransactItem => conditionalPutItem(itemOf(incident), 'create');

/** An edited incident's Put, refused unless the stored one is still at `expectedVersion`. */
export const incidentUpdateItem = (incident: Incident, expectedVersion: number): TransactItem =>
  conditionalPutItem(itemOf(incident), { expectedVersion });
