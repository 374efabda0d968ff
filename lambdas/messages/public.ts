import { personKey } from '@shared/contracts/messages-api';
import { keys } from '../common/keys';

/**
 * What other contexts may use of the messages context (docs/architecture.md, "Backend contexts").
 *
 * The items that hold a parent's own choices in this context: "Families near me" turned on (`CARPOOL` /
 * `OPTIN#<id>`) and the emails they accept (`MESSAGE_CONSENTS` / `PARENT#<id>`). The privacy purge erases them with
 * what remains of a parent who left the directory (docs/privacy.md, "Retention"); either may be absent.
 */
export const parentChoiceKeys = (parentId: string) => [keys.carpoolOptIn(parentId), keys.messageConsents(personKey('PARENT', parentId))];

/**
 * The item that holds a staff member's own choices here: the emails they accept (`MESSAGE_CONSENTS` / `STAFF#<id>`).
 * Staff keep no consent log, so nothing needs their choices once they leave: deleted with the staff record, and
 * the purge erases any left behind (docs/privacy.md, "Retention"). It may be absent.
 */
export const staffChoiceKeys = (staffId: string) => [keys.messageConsents(personKey('STAFF', staffId))];

/** The start of every staff member's choices key, in the `MESSAGE_CONSENTS` partition. */
export const STAFF_CHOICES_PREFIX = personKey('STAFF', '');

/** The staff member whose choices a `MESSAGE_CONSENTS` sort key holds, or undefined for another recipient's. */
export const staffIdOfChoices = (recipientKey: string) =>
  recipientKey.startsWith(STAFF_CHOICES_PREFIX) ? recipientKey.slice(STAFF_CHOICES_PREFIX.length) || undefined : undefined;
