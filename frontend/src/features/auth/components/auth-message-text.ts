import type { TFunction } from 'i18next';
import type { AuthMessage } from '../api/auth-errors';

/**
 * An authentication message (docs/product-rules.md) in the current language, with its hints appended. `unexpected` shows the service's own
 * wording when there is one (the raw message, or 'An unexpected error occurred').
 */
export function authMessageText(t: TFunction, authMessage: AuthMessage): string {
  const main =
    authMessage.key === 'unexpected' && authMessage.raw ? authMessage.raw : t(`auth.messages.${authMessage.key}`);
  return [main, ...authMessage.hints.map((hint) => t(`auth.hints.${hint}`))].join(' ');
}
