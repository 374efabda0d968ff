/**
 * Resolves once the router has finished its first navigation (the page the address names, or where a guard sent
 * the visitor, is rendered or rendering), whether it ended on a page or an error screen. Work that the first
 * screen does not need (the service worker's install, main.tsx) waits for it rather than compete with it.
 */
let markShown: () => void = () => undefined;
export const firstPageShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Called by the router (router.tsx, trackNavigations) when a navigation settles. */
export function noteFirstPageShown(): void {
  markShown();
}
