import cloudscape from '@cloudscape-design/components/i18n/messages/all.en';
import app from './en.json';

/** Everything English a screen shows: the app's strings and Cloudscape's own labels, one chunk (i18n.ts). */
export const strings = { app, cloudscape };
