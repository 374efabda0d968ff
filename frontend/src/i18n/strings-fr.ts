import cloudscape from '@cloudscape-design/components/i18n/messages/all.fr';
import app from './fr.json';

/** Everything French a screen shows: the app's strings and Cloudscape's own labels, one chunk (i18n.ts). */
export const strings = { app, cloudscape };
