import { loadLocaleStrings } from '../../frontend/src/i18n/i18n';

// The app fetches each language's strings on demand (frontend/src/i18n/i18n.ts); tests render in either
// language at once, as the app does after loading them, so both are loaded before any test runs.
await loadLocaleStrings('fr');
await loadLocaleStrings('en');
