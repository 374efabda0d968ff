import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { currentLocale } from '../../../i18n/i18n';
import type { Locale } from '../../../i18n/locale';
import { useLinkLanguage } from '../../../i18n/use-link-language';

/** State handed to /update-success: never the email, never in the URL (only the page's language is, `?lang=`). */
export interface UpdateSuccessState {
  hasAccount: boolean | null;
  /** The answer waits for the school's review (docs/annual-update.md): the directory does not show it yet. */
  pendingReview?: boolean;
  /** The school has no email for this parent (a paper letter's family): no account can be created yet. */
  noEmail?: boolean;
  /** The answer changed nothing: the person confirmed what the school has (not « your changes show »). */
  unchanged?: boolean;
  /** A staff member's form: no letter, no profile (the page says so in their words, not a parent's). */
  staff?: boolean;
}

/** Where an emailed-link form goes once sent. */
export const UPDATE_SUCCESS_PATH = '/update-success';

/**
 * What every emailed-link page (parent or staff form) starts with: the link's language, its token, the API, and
 * the way to the success page once the form is sent. `toState` must be stable (a module-level function).
 * `addressLang`: the address's own language (`/mise-a-jour/<token>`), which a `?lang=` still overrides.
 */
export function useUpdateLink<Result>(toState: (result: Result) => UpdateSuccessState, addressLang?: Locale) {
  useLinkLanguage(addressLang);
  const { token = '' } = useParams();
  const { apiBaseUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const onSubmitted = useCallback(
    // Replace: the back button should not lead to a form that was already sent. The page's language goes along in the
    // address, as the link's did (`?lang=`): a reload of the success page stays in the language the parent used.
    (result: Result) =>
      void navigate({ pathname: UPDATE_SUCCESS_PATH, search: `?lang=${currentLocale(i18n)}` }, { state: toState(result), replace: true }),
    [navigate, toState, i18n],
  );
  return { token, apiBaseUrl, onSubmitted };
}
