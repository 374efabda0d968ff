import cloudscape from '@cloudscape-design/components/i18n/messages/all.en';
import app from './en.json?strings=first';

/**
 * The English that any screen may show, loaded before the first render: the app's strings but the groups some
 * screens load with them (string-groups.ts), and Cloudscape's own labels. One chunk (i18n.ts).
 */
export const strings = { app, cloudscape };
