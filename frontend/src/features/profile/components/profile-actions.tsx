import type { MeParentProfile } from '../../../../../shared/auth-api';

/**
 * The actions of My Profile's header. The "Update my information" button (and its edit form) belongs here: it
 * gets the profile being shown. Until that form exists there is no action, rather than a button that does
 * nothing.
 */
export function ProfileActions(_props: { profile: MeParentProfile }) {
  return null;
}
