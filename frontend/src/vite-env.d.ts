/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** package.json version, set by frontend/vite.config.ts; undefined under Vitest. */
  readonly VITE_APP_VERSION?: string;
}
