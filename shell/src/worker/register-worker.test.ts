import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, WORKER_URL } from './register-worker.ts';

const register = vi.fn(() => Promise.resolve({}));

function withServiceWorker() {
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  register.mockClear();
  vi.useRealTimers();
});

describe('registerServiceWorker', () => {
  it('registers the root worker once the page has loaded and the browser is idle, in production', async () => {
    vi.useFakeTimers();
    withServiceWorker();
    registerServiceWorker(true);
    await vi.runAllTimersAsync();
    expect(register).toHaveBeenCalledExactlyOnceWith(WORKER_URL);
  });

  it('does nothing in a development build', async () => {
    vi.useFakeTimers();
    withServiceWorker();
    registerServiceWorker(false);
    await vi.runAllTimersAsync();
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => registerServiceWorker(true)).not.toThrow();
  });
});
