/**
 * `trackBy` for a page of search results that changes at every keystroke: rows are keyed by their position on
 * the page, not by who they show. React then updates each row in place (new text in the same elements)
 * instead of unmounting the rows that left and mounting the ones that arrived, which at 1,000 families was
 * the larger part of a keystroke's cost (docs/benchmarks.md). Nothing in these rows keeps per-person state:
 * the copy buttons read their text when clicked.
 */
export function trackBySlot<T extends object>(pageItems: readonly T[]): (item: T) => string {
  const slots = new Map(pageItems.map((item, slot) => [item, slot]));
  return (item) => String(slots.get(item) ?? -1);
}
