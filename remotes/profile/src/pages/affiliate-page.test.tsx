import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { i18n } from '@mchezo/i18n/instance';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AffiliatePage from './affiliate-page.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('AffiliatePage', () => {
  it('says the programme is coming soon and what it will offer, without calling the API', async () => {
    const calls = stubApi({});
    renderRemote(<AffiliatePage />, { url: '/affiliate', route: '/affiliate' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliate programme' })).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    const offers = screen.getByRole('heading', { name: 'What it will offer' }).closest('section')!;
    expect(offers.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByText(/invite link/)).toBeTruthy();
    // No sign-up form, no made-up figures.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText(/\d+ ?%|KSh/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to games' }).getAttribute('href')).toBe('/');
    expect(calls).toEqual([]);
  });

  it('is written in Kiswahili for a Kiswahili reader', async () => {
    await i18n.changeLanguage('sw');
    stubApi({});
    renderRemote(<AffiliatePage />, { url: '/affiliate', route: '/affiliate' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mpango wa washirika' })).toBeTruthy();
    expect(screen.getByText('Inakuja hivi karibuni')).toBeTruthy();
  });
});
