import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import { MemoryRouter, Route, Routes } from '@mchezo/host/router';
import { i18n } from '@mchezo/i18n/instance';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addErrorSink, type ErrorReport } from '../../errors/report-error.ts';
import { addShellFallbackBundle } from '../../i18n/shell-namespace.ts';
import { useConfigStore } from '../../stores/config.store.ts';
import { LEGAL_NS, toSections } from './legal-namespace.ts';
import { LazyLegalPage, LEGAL_ROUTES } from './legal-routes.tsx';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import sw from './locales/sw.json';

beforeAll(() => {
  // What the shell does at start: its own English strings (spinner and "Unavailable" labels).
  addShellFallbackBundle();
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {LEGAL_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
        <Route path="/" element={<p>Home screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const pageText = () => document.body.textContent ?? '';

/** Checks shared by every legal page: one h1, the date, an h2 per section, links home. */
async function expectLegalPage(title: string, sections: unknown[]) {
  await h1(title);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(pageText()).toContain('Last updated: November 2026');
  expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(sections.length);
  expect(screen.getAllByRole('region').length).toBe(sections.length);
  expect(pageText()).toContain('Gambling Regulatory Authority of Kenya');
  expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
}

describe('legal routes', () => {
  it('are the three footer links', () => {
    expect(LEGAL_ROUTES.map((r) => r.path)).toEqual(['/terms', '/privacy', '/responsible-gaming']);
  });

  it("name the operator's regulator and licence number from the configuration", async () => {
    useConfigStore.setState({
      config: {
        ...DEFAULT_APP_CONFIG,
        regulation: {
          ...DEFAULT_APP_CONFIG.regulation,
          regulator_name: 'Test Gaming Authority',
          licence_number: 'GRA-0042',
        },
      },
    });
    try {
      renderAt('/privacy');
      await h1('Privacy Policy');
      expect(pageText()).toContain(
        'Mchezo is licensed and regulated by the Test Gaming Authority (licence no. GRA-0042).',
      );
    } finally {
      useConfigStore.setState({ config: DEFAULT_APP_CONFIG });
    }
  });

  it('show a spinner until the legal strings have loaded', async () => {
    i18n.removeResourceBundle('en', LEGAL_NS);
    renderAt('/terms');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await h1('Terms and Conditions');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Terms and Conditions', () => {
  it('states who may play, the wallet rules, fair play, suspension, complaints and the law', async () => {
    renderAt('/terms');
    await expectLegalPage('Terms and Conditions', en.terms.sections);
    const text = pageText();
    expect(text).toContain('You must be 18 years old or older.');
    expect(text).toContain('You must live in Kenya.');
    expect(text).toContain('You may have one account only.');
    expect(text).toMatch(/verify it with the one-time code/);
    expect(text).toContain('Withdrawals are paid only to your registered mobile-money number.');
    expect(text).toContain('at least KES 100 and at most KES 150,000');
    expect(text).toMatch(/Money you deposit must be played \(staked\) once before it can be withdrawn/);
    expect(text).toMatch(
      /excise duty on each deposit and withholding tax on each withdrawal, at the rates the Act sets/,
    );
    expect(text).toContain('Taxes set by the Finance Act apply');
    for (const heading of [
      'Games and fair play',
      'Suspending or closing an account',
      'Complaints',
      'Governing law',
    ])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(text).toContain('governed by the laws of Kenya');
  });

  it('leads back home', async () => {
    renderAt('/terms');
    fireEvent.click(await screen.findByRole('link', { name: 'Back to Home' }));
    expect(await screen.findByText('Home screen')).toBeTruthy();
  });

  it('links to the other legal pages, which then really show', async () => {
    renderAt('/terms');
    fireEvent.click(await screen.findByRole('link', { name: 'Privacy Policy' }));
    await h1('Privacy Policy');
    fireEvent.click(screen.getByRole('link', { name: 'Responsible Gaming' }));
    await h1('Responsible Gaming');
  });
});

describe('Privacy Policy', () => {
  it('covers the data, the lawful bases, sharing, retention, rights, the ODPC and local storage', async () => {
    renderAt('/privacy');
    await expectLegalPage('Privacy Policy', en.privacy.sections);
    const text = pageText();
    expect(text).toContain("Kenya's Data Protection Act, 2019");
    expect(text).toContain('Office of the Data Protection Commissioner (ODPC)');
    expect(text).toMatch(/Error reports: .* includes your user ID and phone number/);
    expect(text).toMatch(/never includes your password, one-time codes or sign-in tokens/);
    for (const shared of ['mobile-money provider', 'SMS provider', 'error-reporting service'])
      expect(text).toContain(`Our ${shared}`);
    for (const right of ['Access:', 'Correction:', 'Deletion:', 'Objection:']) expect(text).toContain(right);
    for (const stored of ['Session tokens', 'Your language choice', 'A games cache'])
      expect(text).toContain(stored);
    expect(screen.getByRole('heading', { level: 2, name: 'How long we keep it' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@mchezo.co.ke' }).getAttribute('href')).toBe(
      'mailto:support@mchezo.co.ke',
    );
  });
});

describe('Responsible Gaming', () => {
  it('says adults only, the signs, the tips, limits, time-out, self-exclusion and where to get help', async () => {
    renderAt('/responsible-gaming');
    await expectLegalPage('Responsible Gaming', en.responsible.sections);
    const text = pageText();
    expect(text).toContain('Only people aged 18 and over may open an account or play.');
    expect(text).toContain('Never chase losses');
    expect(screen.getByRole('heading', { level: 2, name: 'Signs of a problem' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Take a break: self-exclusion' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Set limits and take a time-out' })).toBeTruthy();
    expect(text).toContain(
      'A deposit limit: the most you can deposit in a day, a week (from Monday) or a month',
    );
    // Players set limits and breaks themselves: the page links to Safer gambling.
    const safer = screen.getAllByRole('link', { name: 'Go to Safer gambling' });
    expect(safer.map((a) => a.getAttribute('href'))).toEqual(['/safer-gambling', '/safer-gambling']);
    expect(text).not.toContain('To ask for self-exclusion, contact support');
    expect(text).toMatch(/A time-out: a short break from play/);
    expect(screen.getByRole('heading', { level: 2, name: 'Where to get help in Kenya' })).toBeTruthy();
    const phones = screen.getAllByRole('link', { name: '+254 700 000 000' });
    expect(phones.map((a) => a.getAttribute('href'))).toEqual(phones.map(() => 'tel:+254700000000'));
    expect(phones.length).toBeGreaterThan(0);
    // Support's own contacts only: no other phone number on the page.
    expect(text.match(/\+\d[\d ]{7,}/g)?.every((n) => n.trim() === '+254 700 000 000')).toBe(true);
  });

  it('reads in Kiswahili when that is the chosen language', async () => {
    await act(() => i18n.changeLanguage('sw'));
    renderAt('/responsible-gaming');
    await h1('Kucheza kwa Uwajibikaji');
    expect(pageText()).toContain('Ilisasishwa mwisho: Novemba 2026');
    expect(screen.getByRole('link', { name: 'Rudi Mwanzo' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(sw.responsible.sections.length);
  });
});

describe('a legal page whose chunk fails to download', () => {
  it('shows "Unavailable", reports it, and loads on retry', async () => {
    // React logs the caught error and the report goes to the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reports: ErrorReport[] = [];
    const stop = addErrorSink((r) => reports.push(r));
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('Loading chunk failed')) : import('./terms-page.tsx');
    };
    render(
      <MemoryRouter>
        <LazyLegalPage name="terms" load={load} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Unavailable' })).toBeTruthy();
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]!.context).toEqual({ page: 'terms', phase: 'load' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await h1('Terms and Conditions');
    stop();
  });
});

type Tree = { [key: string]: unknown };

/** Every leaf as `path -> value`; array items are indexed, so lists must be the same length. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value !== null && typeof value === 'object')
    return Object.entries(value as Tree).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, value]];
}

describe('legal strings', () => {
  const english = leaves(en).map(([path]) => path);

  it.each([
    ['en', en],
    ['es', es],
    ['fr', fr],
    ['sw', sw],
  ])('%s has the same keys, sections and list lengths as English, and no empty text', (_lng, messages) => {
    const entries = leaves(messages);
    expect(entries.map(([path]) => path).sort()).toEqual([...english].sort());
    expect(entries.filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
    for (const page of ['terms', 'privacy', 'responsible'] as const) {
      const sections = messages[page].sections;
      expect(toSections(sections)).toHaveLength(sections.length);
    }
  });

  it('are real translations, not English copies', () => {
    const text = new Map(leaves(en));
    for (const messages of [es, fr, sw]) {
      const same = leaves(messages).filter(([path, v]) => v === text.get(path));
      expect(same).toEqual([]);
    }
  });

  it('name the regulator (from the configuration) and the data protection law in every language', () => {
    for (const messages of [en, es, fr, sw]) {
      expect(messages.licence).toContain('{{regulator}}');
      expect(messages.licenceNumber).toContain('{{number}}');
      expect(messages.privacy.intro).toContain('Data Protection Act, 2019');
      expect(JSON.stringify(messages.privacy)).toContain('ODPC');
    }
  });
});
