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
