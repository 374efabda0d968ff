/**
 * The one DynamoDB table's key schema, shared by the CDK stack, the local stack and the repositories,
 * so the three can never drift apart. Access patterns are documented in docs/data-model.md.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
} as const;

/** Global secondary indexes, named after the access pattern they serve. */
export const TABLE_INDEXES = {
  /** Items that belong to a person (committee memberships, children links), keyed by the person. */
  byPerson: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
} as const;
