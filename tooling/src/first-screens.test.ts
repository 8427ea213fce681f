import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFirstScreen } from './first-screens.ts';

const dir = mkdtempSync(join(tmpdir(), 'first-screen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('buildFirstScreen', () => {
  it('inlines local images as data URIs and drops comments and the whitespace between tags', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1"/>';
    writeFileSync(join(dir, 'art.svg'), svg);
    writeFileSync(
      join(dir, 'page.html'),
      `<!-- notes for the team -->
      <div style="padding:1rem">
        <img src="./art.svg" alt="" width="2" height="1">
        <p>keep  this   text</p>
      </div>\n`,
    );
    expect(buildFirstScreen(join(dir, 'page.html'))).toBe(
      `<div style="padding:1rem"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" alt="" width="2" height="1"><p>keep  this   text</p></div>`,
    );
  });

  it('leaves absolute and data URLs alone, and refuses a local file it cannot inline', () => {
    writeFileSync(join(dir, 'remote.html'), '<img src="/static/a.svg"><img src="data:,">');
    expect(buildFirstScreen(join(dir, 'remote.html'))).toBe('<img src="/static/a.svg"><img src="data:,">');
    writeFileSync(join(dir, 'font.html'), '<img src="./font.woff2">');
    expect(() => buildFirstScreen(join(dir, 'font.html'))).toThrow(/cannot inline \.\/font\.woff2/);
  });
});
