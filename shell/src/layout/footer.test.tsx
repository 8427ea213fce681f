import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import { MemoryRouter } from '@mchezo/host/router';
import { i18n } from '@mchezo/i18n/instance';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import sw from '../i18n/locales/sw.json';
import { addShellFallbackBundle } from '../i18n/shell-namespace.ts';
import { useConfigStore } from '../stores/config.store.ts';
import { Footer } from './footer.tsx';

beforeAll(() => addShellFallbackBundle());

afterEach(async () => {
  useConfigStore.setState({ config: DEFAULT_APP_CONFIG });
  await act(() => i18n.changeLanguage('en'));
});

function renderWith(regulation: Partial<typeof DEFAULT_APP_CONFIG.regulation>) {
  useConfigStore.setState({
    config: { ...DEFAULT_APP_CONFIG, regulation: { ...DEFAULT_APP_CONFIG.regulation, ...regulation } },
  });
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

const text = () => document.body.textContent ?? '';

describe('the footer', () => {
  it('links to the Safer gambling page, in English and Kiswahili', async () => {
    renderWith({});
    expect(screen.getByRole('link', { name: 'Safer gambling' }).getAttribute('href')).toBe('/safer-gambling');
    i18n.addResourceBundle('sw', 'shell', sw, true, true);
    await act(() => i18n.changeLanguage('sw'));
    expect(screen.getByRole('link', { name: sw.footer.safer }).getAttribute('href')).toBe('/safer-gambling');
  });

  it('shows what the regulator asks for: the addictive line, 18+, customer care and the licence', () => {
    renderWith({});
    expect(screen.getByText('Gambling is addictive! Play responsibly.')).toBeTruthy();
    expect(screen.getByText('18+')).toBeTruthy();
    expect(text()).toContain('Only players aged 18 and over may play.');
    expect(text()).toContain('Customer care:');
    expect(screen.getByRole('link', { name: 'support@mchezo.co.ke' }).getAttribute('href')).toBe(
      'mailto:support@mchezo.co.ke',
    );
    expect(screen.getByRole('link', { name: '+254 700 000 000' }).getAttribute('href')).toBe(
      'tel:+254700000000',
    );
    // No licence number configured: the line names the regulator only.
    expect(
      screen.getByText('Mchezo is licensed and regulated by the Gambling Regulatory Authority of Kenya.'),
    ).toBeTruthy();
    expect(text()).not.toContain('licence no.');
  });

  it('takes the licence number and the regulator from the configuration', () => {
    renderWith({ licence_number: 'GRA-0042', regulator_name: 'Test Gaming Authority' });
    expect(
      screen.getByText(
        'Mchezo is licensed and regulated by the Test Gaming Authority, licence no. GRA-0042.',
      ),
    ).toBeTruthy();
  });

  it('reads in Kiswahili when that is the chosen language', async () => {
    i18n.addResourceBundle('sw', 'shell', sw, true, true);
    await act(() => i18n.changeLanguage('sw'));
    renderWith({ licence_number: 'GRA-0042' });
    expect(screen.getByText(sw.footer.addictive)).toBeTruthy();
    expect(text()).toContain(
      'Mchezo imepewa leseni na inasimamiwa na Gambling Regulatory Authority of Kenya, leseni nambari GRA-0042.',
    );
  });
});
