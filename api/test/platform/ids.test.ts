import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/crypto.js';

describe('newId', () => {
  it('is a UUIDv7: time first, then random bits', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });

  it('sorts by creation time (to the millisecond) and never repeats', async () => {
    const first = Array.from({ length: 5000 }, newId);
    await new Promise((r) => setTimeout(r, 2));
    const second = Array.from({ length: 5000 }, newId);
    expect(new Set([...first, ...second]).size).toBe(10_000);
    const lastOfFirst = [...first].sort().at(-1)!;
    expect(second.every((id) => id > lastOfFirst)).toBe(true);
  });
});
