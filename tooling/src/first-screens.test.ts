import { SITE_ROUTES } from '@mchezo/contracts/routes';
import { describe, expect, it } from 'vitest';
import { firstScreenUrl, remoteFirstScreens, withStyles } from './first-screens.ts';

const CSS = [
  '@layer utilities{.p-4{padding:1rem}.text-brand{color:var(--color-brand)}.aspect-\\[12\\/5\\]{aspect-ratio:12/5}',
  '.hover\\:underline:hover{text-decoration-line:underline}.unused{color:red}}',
  '@keyframes spin{to{transform:rotate(360deg)}}.animate-spin{animation:spin 1s linear infinite}',
  '@keyframes ping{75%,to{opacity:0}}',
].join('');

describe('withStyles', () => {
  it("puts the page stylesheet's rules the markup uses before it, and no others", async () => {
    const html = '<div class="p-4 aspect-[12/5] hover:underline"><span class="animate-spin"></span></div>';
    const out = await withStyles(html, CSS);
    const styles = out.slice('<style>'.length, out.indexOf('</style>'));
    expect(out.endsWith(`</style>${html}`)).toBe(true);
    for (const kept of [
      '.p-4{',
      '.aspect-\\[12\\/5\\]{',
      '.hover\\:underline:hover{',
      '.animate-spin{',
      '@keyframes spin',
    ])
      expect(styles).toContain(kept);
    for (const dropped of ['.unused', '.text-brand', '@keyframes ping'])
      expect(styles).not.toContain(dropped);
  });

  it('makes forms inert: nothing typed before the page runs could be kept', async () => {
    expect(await withStyles('<form class="x"><input></form><p>form</p>', '')).toBe(
      '<form inert="" class="x"><input></form><p>form</p>',
    );
  });

  it('never lets a stylesheet close its own element', async () => {
    const out = await withStyles('<p class="a">x</p>', '.a{content:"</style><script>"}');
    // Inside <style> everything up to its end tag is text: one end tag, the markup's own after it.
    expect(out.match(/<\/style/g)).toHaveLength(1);
    expect(out.endsWith('</style><p class="a">x</p>')).toBe(true);
  });
});

describe('firstScreenUrl', () => {
  it("renders a route's parameters and the query it reads as [[name]], which the site fills in", () => {
    expect(firstScreenUrl('/login')).toBe('/login');
    expect(firstScreenUrl('/game/:title', ['gameId'])).toBe('/game/[[title]]?gameId=[[gameId]]');
  });
});

describe('remoteFirstScreens', () => {
  it("lists the remote's entry pages of the route table with their source files", () => {
    const exposes = { './LoginPage': './src/pages/login.tsx', './JoinPage': './src/pages/join.tsx' };
    const pages = remoteFirstScreens('auth', { ...exposes, './VerifyPage': './src/pages/verify.tsx' });
    const table = SITE_ROUTES.filter((r) => r.remote === 'auth' && r.firstScreen).map((r) => r.expose);
    expect(pages.map((p) => p.expose)).toEqual(table);
    expect(pages.find((p) => p.expose === 'LoginPage')).toEqual({
      expose: 'LoginPage',
      route: '/login',
      url: '/login',
      file: './src/pages/login.tsx',
    });
  });

  it('fails the build when the route table names a page the remote does not expose', () => {
    expect(() => remoteFirstScreens('auth', { './LoginPage': './src/pages/login.tsx' })).toThrow(
      /\/join needs \.\/JoinPage exposed/,
    );
  });
});
