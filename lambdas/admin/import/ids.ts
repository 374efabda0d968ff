import { createHash } from 'node:crypto';
import { IdSchema } from '@shared/schemas/common';
import type { EntityType } from '../../common/keys';

/** Crockford's base 32, the ULID alphabet. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The id of an entity created by an import, derived from its import key: a re-run (after a crash, or of the
 * same files) finds the entity it created instead of creating it twice. A ULID in form (128 bits of SHA-256 of
 * type and key, written as 26 base-32 characters); unlike generated ids it carries no creation time.
 */
export function derivedId(type: EntityType, key: string): string {
  const digest = createHash('sha256').update(`${type}\u0000${key}`).digest();
  let value = 0n;
  for (const byte of digest.subarray(0, 16)) value = (value << 8n) | BigInt(byte);
  let id = '';
  for (let i = 0; i < 26; i++) {
    id = ALPHABET[Number(value & 31n)] + id;
    value >>= 5n;
  }
  return id;
}

/** A key that is itself an id (exports write the id when an entity has no import key). */
export function isId(key: string): boolean {
  return IdSchema.safeParse(key.toUpperCase()).success;
}

/** The id a key stands for: the key itself when it is an id, else the id derived from it. */
export function idForKey(type: EntityType, key: string): string {
  return isId(key) ? key.toUpperCase() : derivedId(type, key);
}
