import { PRE_PAINTED } from './pre-painted-ids';
// Its look: in the entry's style sheet, which index.html loads before anything is painted.
import './pre-painted-sign-in.css';

/**
 * The sign-in form that index.html paints before the app's scripts have run (docs/frontend.md, "A sign-in form
 * before the scripts"): plain markup written into `#root` at build time (frontend/build/pre-painted-sign-in.ts),
 * shown by the first-route script for a signed-out visit to /auth, in the visitor's language. A visitor can type
 * into it on a slow phone while the app downloads; React's first render replaces it, and the sign-in form takes
 * over what was typed, which field had the focus and whether the visitor already asked to sign in.
 */
export interface PrePaintedInput {
  email: string;
  password: string;
  focus?: 'email' | 'password';
  submit: boolean;
}

let held: HTMLElement | null = null;

/**
 * Keeps a reference to the painted form before the first render (app/first-screen.ts): React's first commit
 * removes it from the page, and the inputs keep their values once detached, for the sign-in form to read.
 */
export function holdPrePaintedSignIn(): void {
  held = document.getElementById(PRE_PAINTED.rootId);
}

/**
 * What the visitor typed into the painted form, once: undefined when it was not shown (another page, a visitor who
 * may be signed in, no first-route script) or was already taken.
 */
export function takePrePaintedSignIn(): PrePaintedInput | undefined {
  const root = held;
  held = null;
  if (!root) return undefined;
  root.remove();
  // Still `hidden` as index.html has it: the first-route script did not show it.
  if (root.hidden) return undefined;
  const value = (id: string) => root.querySelector<HTMLInputElement>(`#${id}`)?.value ?? '';
  const focus = root.getAttribute(PRE_PAINTED.focusAttribute);
  return {
    email: value(PRE_PAINTED.emailId),
    password: value(PRE_PAINTED.passwordId),
    focus: focus === 'email' || focus === 'password' ? focus : undefined,
    submit: root.hasAttribute(PRE_PAINTED.pendingAttribute),
  };
}
