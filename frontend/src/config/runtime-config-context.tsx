import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

/** The parsed `/config.json`. Only usable below `ConfigGate`, which renders nothing else until it is valid. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside <ConfigGate>');
  return config;
}
