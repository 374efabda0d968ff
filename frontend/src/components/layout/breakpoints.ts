/** Layout breakpoints (docs/product-rules.md, "Constants"), in CSS pixels. Mobile is anything narrower than `m`. */
export const BREAKPOINTS = { xs: 600, s: 960, m: 1280, l: 1920, xl: 2560 } as const;
export type Breakpoint = 'default' | keyof typeof BREAKPOINTS;

export function breakpointFor(width: number): Breakpoint {
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.l) return 'l';
  if (width >= BREAKPOINTS.m) return 'm';
  if (width >= BREAKPOINTS.s) return 's';
  if (width >= BREAKPOINTS.xs) return 'xs';
  return 'default';
}

export function isMobileWidth(width: number): boolean {
  return width < BREAKPOINTS.m;
}

/** Wide screens keep lines readable instead of stretching content across 2560 px. */
export function maxContentWidthFor(breakpoint: Breakpoint): number | undefined {
  switch (breakpoint) {
    case 'xl':
      return 1920;
    case 'l':
      return 1600;
    default:
      return undefined;
  }
}

export function isMobileBreakpoint(breakpoint: Breakpoint): boolean {
  return breakpoint === 'default' || breakpoint === 'xs' || breakpoint === 's';
}
