import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../common/dynamo';
import type { RegisteredPerson } from '../common/claims';
import { keys, type PersonType } from '../common/keys';
import type { TransactItem } from '../common/transact';

/** Everyone registered under an email (normally one person; two-household or shared addresses give more). */
export async function findRegisteredPeople(email: string): Promise<RegisteredPerson[]> {
  const result = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.registryPk(email) },
    }),
  );
  return (result.Items ?? []).map((item) => ({
    personType: item.personType as PersonType,
    personId: item.personId as string,
    email: item.email as string,
    displayName: item.displayName as string,
  }));
}

/** The registry item for a person, for use inside a TransactWrite next to the person's own write. */
export function registryItem(person: RegisteredPerson): Record<string, unknown> {
  return { ...keys.registry(person.email, person.personType, person.personId), type: 'REGISTRY', ...person };
}

/** What the registry needs to know about a person, before or after a change. */
export interface PersonIdentity {
  email?: string;
  firstName: string;
  lastName: string;
}

export function personDisplayName(person: Pick<PersonIdentity, 'firstName' | 'lastName'>): string {
  return `${person.firstName} ${person.lastName}`;
}

export function registryPut(personType: PersonType, personId: string, person: PersonIdentity): TransactItem {
  if (!person.email) throw new Error('registryPut needs an email');
  return {
    Put: {
      TableName: tableName(),
      Item: registryItem({ personType, personId, email: person.email, displayName: personDisplayName(person) }),
    },
  };
}

export function registryDelete(personType: PersonType, personId: string, email: string): TransactItem {
  return { Delete: { TableName: tableName(), Key: keys.registry(email, personType, personId) } };
}

/**
 * The registry writes that must go in the same TransactWrite as a person's own write, so the authorised-email
 * index can never disagree with the people: create (`before` undefined), update, or delete (`after`
 * undefined). Nothing is written when neither the email nor the display name changed.
 */
export function registryTransactItems(
  personType: PersonType,
  personId: string,
  before: PersonIdentity | undefined,
  after: PersonIdentity | undefined,
): TransactItem[] {
  const items: TransactItem[] = [];
  const unchanged =
    before?.email === after?.email &&
    before !== undefined &&
    after !== undefined &&
    personDisplayName(before) === personDisplayName(after);
  if (unchanged) return items;
  if (before?.email && before.email !== after?.email) items.push(registryDelete(personType, personId, before.email));
  if (after?.email) items.push(registryPut(personType, personId, after));
  return items;
}
