import app from './fr.json?strings=directory';

/** The "directory" group of the French strings, loaded with the screens that use it (string-groups.ts, i18n.ts). */
export const strings = app;
