import { getEntity } from '../directory/public';
import type { Language } from '@shared/schemas/common';
import type { Participant } from '@shared/schemas/annual-update';
import { staffLanguage } from './staff-participants';

/** Who a send job emails for one participant: the parent, or the staff member of a staff participant. */
export interface Recipient {
  id: string;
  firstName: string;
  email?: string;
  preferredLanguage?: Language;
  /** Appended to the link's query: `&form=staff` opens the staff form (docs/annual-update.md, "Staff"). */
  linkSuffix: string;
}

/** Reads the participant's person (strongly consistent, like the parent read before); undefined when removed. */
export async function recipientOf(participant: Participant): Promise<Recipient | undefined> {
  if (participant.kind === 'staff') {
    const staff = await getEntity('STAFF', participant.parentId);
    if (!staff) return undefined;
    return {
      id: staff.id,
      firstName: staff.firstName,
      ...(staff.email ? { email: staff.email } : {}),
      preferredLanguage: staffLanguage(staff),
      linkSuffix: '&form=staff',
    };
  }
  const parent = await getEntity('PARENT', participant.parentId);
  if (!parent) return undefined;
  return {
    id: parent.id,
    firstName: parent.firstName,
    ...(parent.email ? { email: parent.email } : {}),
    preferredLanguage: parent.preferredLanguage,
    linkSuffix: '',
  };
}
