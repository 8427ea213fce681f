import { SITE_ROUTES } from '@mchezo/contracts/routes';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StandaloneApp } from './standalone.tsx';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

/** A stand-in for a page: a heading with its exposed name. */
const page = (expose: string) => () => <h1>{expose}</h1>;
const pages = {
  ProfilePage: page('ProfilePage'),
  AffiliatePage: page('AffiliatePage'),
  SaferGamblingPage: page('SaferGamblingPage'),
};

const at = (path: string) => {
  history.replaceState(null, '', path);
  render(<StandaloneApp remote="profile" pages={pages} />);
};

describe('StandaloneApp: a remote alone, on its routes of the route table', () => {
  const routes = SITE_ROUTES.filter((r) => r.remote === 'profile');

  for (const route of routes)
    it(`${route.path} mounts ${route.expose}`, async () => {
      at(route.path);
      expect(await screen.findByRole('heading', { name: route.expose })).toBeTruthy();
    });

  it('lists them at / (no route of its own there) and on an unknown path', async () => {
    for (const path of ['/', '/nowhere']) {
      at(path);
      const links = await screen.findAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(routes.map((r) => r.path));
      cleanup();
    }
  });
});
