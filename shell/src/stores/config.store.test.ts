import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshStore(boot?: unknown) {
  vi.resetModules();
  if (boot !== undefined)
    document.head.innerHTML = `<script type="application/json" id="mchezo-boot">${JSON.stringify(boot)}</script>`;
  try {
    return (await import('./config.store.ts')).useConfigStore;
  } finally {
    document.head.innerHTML = '';
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('the config store', () => {
  it('starts ready with the config the page came with, merged over the defaults, and fetches nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const store = await freshStore({ config: { features: { wallet_enabled: false }, otp_test_mode: true } });
    expect(store.getState().status).toBe('ready');
    expect(store.getState().config.features.wallet_enabled).toBe(false);
    // A flag the page left out keeps its default.
    expect(store.getState().config.features.mobile_money_enabled).toBe(true);
    expect(store.getState().config.default_language).toBe('en');
    await store.getState().load();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('without it, fetches /config once; a failure leaves the defaults and says so', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'down' }), { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const store = await freshStore();
    expect(store.getState().status).toBe('loading');
    await Promise.all([store.getState().load(), store.getState().load()]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0 as never])).toBe('/api/v1/config');
    expect(store.getState().status).toBe('failed');
    expect(store.getState().config.features.wallet_enabled).toBe(true);
  });
});
