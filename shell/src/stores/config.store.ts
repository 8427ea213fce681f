/**
 * The site's configuration, once per page load: read from index.html when the site server wrote it
 * there (no round trip before the first screen), else fetched from `/config`. Until it arrives, and
 * if it fails, the defaults apply (docs/product-rules.md#configuration); a missing feature flag
 * counts as enabled.
 */

import { bootData } from '@mchezo/api-client/boot';
import { api } from '@mchezo/api-client/client';
import type { AppConfig, ConfigResponse, FeatureName } from '@mchezo/contracts/config';
import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import { create } from 'zustand';

interface ConfigState {
  config: AppConfig;
  status: 'loading' | 'ready' | 'failed';
  load(): Promise<void>;
}

// The page's own copy is today's config: no request, no defaults-then-flags flicker.
const inline =
  bootData.config && typeof bootData.config === 'object' ? mergeWithDefaults(bootData.config) : null;
let loading: Promise<void> | null = inline ? Promise.resolve() : null;

export const useConfigStore = create<ConfigState>((set) => ({
  config: inline ?? DEFAULT_APP_CONFIG,
  status: inline ? 'ready' : 'loading',
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
