/**
 * The school's contact address from the last `/config.json` this device read, kept so that the start-up error
 * screen can say whom to write to when the configuration itself cannot be read (config-error-screen.tsx). The
 * parent committee's public address, never a person's.
 */
export const CONTACT_STORAGE_KEY = 'school-contact';

export function rememberContact(email: string | undefined): void {
  try {
    if (email) window.localStorage.setItem(CONTACT_STORAGE_KEY, email);
    else window.localStorage.removeItem(CONTACT_STORAGE_KEY);
  } catch {
    // Storage refused: the error screen then names no address.
  }
}

export function rememberedContact(): string | null {
  try {
    return window.localStorage.getItem(CONTACT_STORAGE_KEY);
  } catch {
    return null;
  }
}
