/**
 * The site's configuration, fetched once per page load. Until it arrives, and if it fails,
 * the spec's defaults apply; a missing feature flag counts as enabled.
 */
import { api } from '@mchezo/api-client/client';
import type { AppConfig, ConfigResponse, FeatureName } from '@mchezo/contracts/config';
import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import { create } from 'zustand';

interface ConfigState {
  config: AppConfig;
  status: 'loading' | 'ready' | 'failed';
  load(): Promise<void>;
}

let loading: Promise<void> | null = null;

export const useConfigStore = create<ConfigState>((set) => ({
  config: DEFAULT_APP_CONFIG,
  status: 'loading',
  load() {
    loading ??= api.get<ConfigResponse>('/config', { auth: false }).then(
      ({ data }) => set({ config: mergeWithDefaults(data), status: 'ready' }),
      () => set({ config: DEFAULT_APP_CONFIG, status: 'failed' }),
    );
    return loading;
  },
}));

function mergeWithDefaults(config: Partial<AppConfig>): AppConfig {
  return {
    ...DEFAULT_APP_CONFIG,
    ...config,
    features: { ...DEFAULT_APP_CONFIG.features, ...config.features },
  };
}

export function isFeatureEnabled(config: AppConfig, flag: FeatureName): boolean {
  return config.features[flag] !== false;
}
