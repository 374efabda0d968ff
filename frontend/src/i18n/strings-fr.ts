import cloudscape from '@cloudscape-design/components/i18n/messages/all.fr';
import app from './fr.json?strings=first';

/**
 * The French that any screen may show, loaded before the first render: the app's strings but the groups some
 * screens load with them (string-groups.ts), and Cloudscape's own labels. One chunk (i18n.ts).
 */
export const strings = { app, cloudscape };
