/** Bookkeeping fields: two records that differ only there hold the same data. */
const META = new Set(['version', 'createdAt', 'updatedAt']);

/** JSON with object keys in a fixed order, so equal data gives equal text whatever the key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether two versions of a record hold the same data (version and timestamps aside). */
export function sameRecord(a: object, b: object): boolean {
  const strip = (record: object) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => !META.has(key)));
  return canonical(strip(a)) === canonical(strip(b));
}
