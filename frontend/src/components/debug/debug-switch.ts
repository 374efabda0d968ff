/**
 * The explicit switch that shows the diagnostics (the debug panel) to someone who is not an administrator
 * (docs/frontend.md, "Help, and diagnostics for administrators"): `?debug=1` on any address turns it on for the
 * tab (sessionStorage), `?debug=0` turns it off. Parents never meet it by accident.
 */
export const DEBUG_SWITCH_KEY = 'debug';

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reads (and records) the switch from an address's query string. */
export function debugSwitchOn(search: string = window.location.search): boolean {
  const asked = new URLSearchParams(search).get(DEBUG_SWITCH_KEY);
  const storage = session();
  try {
    if (asked === '1') storage?.setItem(DEBUG_SWITCH_KEY, '1');
    else if (asked === '0') storage?.removeItem(DEBUG_SWITCH_KEY);
  } catch {
    // Storage refused: the switch holds for this address only.
  }
  return asked === '1' || (asked !== '0' && storage?.getItem(DEBUG_SWITCH_KEY) === '1');
}
