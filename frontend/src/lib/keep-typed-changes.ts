/**
 * After a save the server refused because the record changed meanwhile (CONFLICT: the school office, or the same
 * person in another window): the current record's values, with every field the person changed since the form was
 * shown kept as they typed it. A field they left alone takes its current value, the version included, so the next
 * save is checked against the record as it is now and nothing they typed is lost.
 */
export function keepTypedChanges<T extends object>(typed: T, shownBefore: T, current: T): T {
  const merged = { ...current };
  for (const key of Object.keys(typed) as (keyof T)[]) {
    if (!sameValue(typed[key], shownBefore[key])) merged[key] = typed[key];
  }
  return merged;
}

/** Form values are text, numbers, booleans, lists and plain objects built in one order: compared as JSON. */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
