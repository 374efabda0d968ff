import { normalizeEmail } from '@shared/rules/email';
import { compactToken } from '@shared/rules/import-values';
import type { EntityType } from '../../common/keys';
import { idForKey, isId } from './ids';
import type { RefusedRow } from './parse-rows';

export type RefResult = { id: string } | { code: 'UNKNOWN' } | { code: 'AMBIGUOUS'; count: number };

/**
 * Looks up the records a cell refers to, in the directory as it will be after the import (the files' rows
 * over the existing records): by key or id, by email for people (an email two people share is ambiguous: use
 * a key), by code or name for classes and committees. Never by a person's name.
 */
export class RefIndex {
  private readonly byKey = new Map<string, string>();
  private readonly ids = new Set<string>();
  private readonly byEmail = new Map<string, Set<string>>();
  private readonly byName = new Map<string, Set<string>>();
  private refusedRows: ReadonlyMap<string, RefusedRow> = new Map();

  constructor(private readonly type: EntityType) {}

  add(id: string, options: { keys?: (string | undefined)[]; email?: string; names?: string[] } = {}): void {
    this.ids.add(id);
    for (const key of options.keys ?? []) if (key) this.byKey.set(key, id);
    if (options.email) addTo(this.byEmail, options.email, id);
    for (const name of options.names ?? []) addTo(this.byName, compactToken(name), id);
  }

  /** Forgets what an existing record was known by, before its row's version is added. */
  remove(id: string, options: { email?: string; names?: string[] } = {}): void {
    if (options.email) this.byEmail.get(options.email)?.delete(id);
    for (const name of options.names ?? []) this.byName.get(compactToken(name))?.delete(id);
  }

  /** The keys of the file's rows left out for their own errors (parse-rows.ts), which `refused` then names. */
  setRefused(rows: ReadonlyMap<string, RefusedRow> | undefined): this {
    this.refusedRows = rows ?? new Map();
    return this;
  }

  /** Where a key that leads nowhere is written, when its row was left out for its own errors. */
  refused(value: string): RefusedRow | undefined {
    return this.refusedRows.get(value);
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  resolve(value: string): RefResult {
    if (value.includes('@')) return pick(this.byEmail.get(normalizeEmail(value)));
    const byKey = this.byKey.get(value);
    if (byKey) return { id: byKey };
    if (isId(value) && this.ids.has(value.toUpperCase())) return { id: value.toUpperCase() };
    const derived = idForKey(this.type, value);
    if (this.ids.has(derived)) return { id: derived };
    return pick(this.byName.get(compactToken(value)));
  }
}

function addTo(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key) ?? new Set<string>();
  set.add(id);
  map.set(key, set);
}

function pick(ids: Set<string> | undefined): RefResult {
  if (!ids || ids.size === 0) return { code: 'UNKNOWN' };
  if (ids.size > 1) return { code: 'AMBIGUOUS', count: ids.size };
  return { id: [...ids][0]! };
}
