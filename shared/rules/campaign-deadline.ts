/**
 * A campaign's deadline (docs/annual-update.md, "Moving the deadline"): from today on, and within the campaign's
 * school year, at the latest August 31 of its second year. Its links live through it (link-extension.ts): a typed
 * « 2127 » once kept every personal link open for a century (a trial's).
 */

/** The last day a campaign of `schoolYear` (`2026-2027`) may take as its deadline: `2027-08-31`. */
export const lastDeadlineDay = (schoolYear: string): string => `${schoolYear.slice(5, 9)}-08-31`;

/** What is wrong with a deadline (YYYY-MM-DD, a real day) for a campaign of `schoolYear`, seen on `today`. */
export function deadlineProblem(deadline: string, today: string, schoolYear: string | undefined): 'past' | 'tooFar' | undefined {
  if (deadline < today) return 'past';
  if (schoolYear && /^\d{4}-\d{4}$/.test(schoolYear) && deadline > lastDeadlineDay(schoolYear)) return 'tooFar';
  return undefined;
}
