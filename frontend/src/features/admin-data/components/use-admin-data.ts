import { useErrorText as useSharedErrorText } from '../../../lib/api/use-error-text';

/** The data editor's sentence for an error without a code of its own. */
export const GENERIC_ERROR = 'adminData.errors.generic';

/** An API error as a sentence in the admin's language (generic: `adminData.errors.generic`). */
export const useErrorText = () => useSharedErrorText(GENERIC_ERROR);
