/**
 * The theme's colour pairs meet WCAG AA (4.5:1 for normal text): white on the danger button's
 * background, the danger, muted and body text colours on the dark surfaces they are used on, and
 * each status badge's label on its own tint (status-badge.tsx) over every surface.
 * Read from theme.css itself, so a token changed there is checked.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';

// node:fs by a computed name: this package's type-check has no Node types (its code runs in browsers).
const fs = (await import('node:fs' as string)) as { readFileSync(file: URL, encoding: 'utf8'): string };
const theme = fs.readFileSync(new URL('./theme.css', import.meta.url), 'utf8');

const token = (name: string): string => {
  const value = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(theme)?.[1];
  if (!value) throw new Error(`no --color-${name} in theme.css`);
  return value;
};

/** Relative luminance of a #rrggbb colour (WCAG 2.x). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** `hex` at `alpha` over `under` (a Tailwind `bg-x/15` on a surface). */
function over(hex: string, alpha: number, under: string): string {
  const channel = (c: string, i: number) => Number.parseInt(c.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) => Math.round(alpha * channel(hex, i) + (1 - alpha) * channel(under, i)))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('theme contrast', () => {
  it('computes WCAG contrast (black on white is 21:1, a colour on itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ef4444', '#ef4444')).toBe(1);
    expect(contrast('#ffffff', '#ef4444')).toBeCloseTo(3.76, 2);
  });

  it('gives the danger button’s white text at least 4.5:1', () => {
    expect(contrast(token('white'), token('danger-strong'))).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['danger', 'surface'],
    ['danger', 'ink'],
    ['muted', 'surface'],
    ['text', 'surface-2'],
  ])('keeps text-%s on %s at 4.5:1 or more', (text, background) => {
    expect(contrast(token(text), token(background))).toBeGreaterThanOrEqual(4.5);
  });

  // Each tone's label colour and the tint under it, as status-badge.tsx draws them.
  it.each([
    ['success', 'success'],
    ['warning', 'warning'],
    ['danger-soft', 'danger'],
  ])('keeps a status badge’s text-%s on its bg-%s/15 at 4.5:1 or more on every surface', (text, tint) => {
    for (const surface of ['ink', 'surface', 'surface-2'])
      expect(
        contrast(token(text), over(token(tint), 0.15, token(surface))),
        `on ${surface}`,
      ).toBeGreaterThanOrEqual(4.5);
  });
});
