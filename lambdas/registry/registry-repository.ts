import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../common/dynamo';
import { keys, type PersonType } from '../common/keys';

/** A person the authorised-email index knows under an email. */
export interface RegisteredPerson {
  personType: PersonType;
  personId: string;
  email: string;
  /** Display name kept on the index item so sign-up can greet the person without reading the directory. */
  displayName: string;
}

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
