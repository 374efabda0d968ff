/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** package.json version, set by frontend/vite.config.ts; undefined under Vitest. */
  readonly VITE_APP_VERSION?: string;
}

/** frontend/build/font-files.ts `printFonts()`: the app's Open Sans faces for the printable directory. */
declare module 'virtual:print-fonts' {
  export const regular: string;
  export const bold: string;
}

/** frontend/build/string-groups.ts: one part of a translation file (frontend/src/i18n/string-groups.ts). */
declare module '*.json?strings=first' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module '*.json?strings=admin' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module '*.json?strings=account' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module '*.json?strings=directory' {
  const strings: Record<string, unknown>;
  export default strings;
}
