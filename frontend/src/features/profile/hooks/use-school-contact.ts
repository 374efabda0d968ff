import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useDirectory } from '../../../lib/directory/use-directory';

/** The address to write to: the school's own (its settings, as its home page shows it), else the app's configured contact. */
export function useSchoolContactEmail(): string | undefined {
  const configured = useRuntimeConfig().contactEmail;
  return useDirectory().index?.directory.school?.contact?.email ?? configured;
}
