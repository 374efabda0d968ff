/**
 * Key builders for the single table. Every key shape lives here; docs/data-model.md lists the access patterns.
 * Directory entities share one partition (`DIRECTORY`) so the whole directory is one paginated Query.
 */
export const DIRECTORY_PK = 'DIRECTORY';

export type EntityType = 'CLASS' | 'STUDENT' | 'PARENT' | 'STAFF' | 'COMMITTEE';
export type PersonType = 'PARENT' | 'STAFF';

export const keys = {
  settings: () => ({ pk: 'SCHOOL', sk: 'SETTINGS' }),
  entity: (type: EntityType, id: string) => ({ pk: DIRECTORY_PK, sk: `${type}#${id}` }),
  entityPrefix: (type: EntityType) => `${type}#`,
  /** Parent -> student link (a family relation). gsi1 finds a student's parents. */
  family: (parentId: string, studentId: string) => ({
    pk: DIRECTORY_PK,
    sk: `FAMILY#${parentId}#${studentId}`,
    gsi1pk: `STUDENT#${studentId}`,
    gsi1sk: `PARENT#${parentId}`,
  }),
  familyPrefix: (parentId?: string) => (parentId ? `FAMILY#${parentId}#` : 'FAMILY#'),
  /** Committee membership of a person. gsi1 lists a person's committees. */
  membership: (committeeId: string, personType: PersonType, personId: string) => ({
    pk: DIRECTORY_PK,
    sk: `MEMBER#${committeeId}#${personType}#${personId}`,
    gsi1pk: `${personType}#${personId}`,
    gsi1sk: `MEMBER#${committeeId}`,
  }),
  membershipPrefix: (committeeId?: string) => (committeeId ? `MEMBER#${committeeId}#` : 'MEMBER#'),
  /** Authorised-email index: one item per (email, person). */
  registry: (email: string, personType: PersonType, personId: string) => ({
    pk: `EMAIL#${email}`,
    sk: `${personType}#${personId}`,
  }),
  registryPk: (email: string) => `EMAIL#${email}`,
  /** Fixed-window rate-limit counter, expired by TTL. */
  rateLimit: (bucket: string, window: number) => ({ pk: `RATE#${bucket}`, sk: `W#${window}` }),
} as const;
