/**
 * The keys of the administrators' server state (docs/frontend.md, "Server state"), apart from the queries that read
 * them: a screen that only makes them stale (the update link's submit, a progression's apply) imports these without
 * the admin clients, so an open page does not load the administrators' strings.
 *
 * Every read of GET /api/admin/directory sits under `adminRecordsKey` (the data editor's lists, the committees), so a
 * write to the records makes all of them stale; the dashboard's keys sit under the prefix its workflow's writes make
 * stale, so a card shows what was just done.
 */
export const adminRecordsKey = ['admin-data'] as const;
export const adminCommitteesKey = ['admin-data', 'committees'] as const;
export const campaignKeys = {
  all: ['annual-update'] as const,
  current: ['annual-update', 'current'] as const,
  /** The answers a campaign holds for review (its review page, the way to it, the close dialog, the dashboard's card). */
  review: (campaignId: string) => ['annual-update', 'review', campaignId] as const,
};
export const progressionRootKey = ['progression'] as const;
export const progressionCurrentKey = ['progression', 'current'] as const;
export const privacyRequestsKey = ['privacy-requests'] as const;
export const committeeSignUpsKey = ['committee-sign-ups'] as const;
/** The messages' log and settings (the messages page's writes make it stale, and the dashboard's card with it). */
export const adminMessagesKey = ['admin', 'messages'] as const;
