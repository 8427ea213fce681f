import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { i18n } from '@mchezo/i18n/instance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityCard } from './identity-card.tsx';

const CONFIRMED = {
  status: 'confirmed',
  documentType: 'national_id',
  documentNumberMasked: '****5671',
  dateOfBirth: '1990-05-17',
  fullName: 'Amani Wanjiru',
} as const;

const renderCard = (url = '/profile') =>
  renderRemote(<IdentityCard />, { url, route: '/profile', user: FAKE_USER });

const card = async () =>
  within((await screen.findByRole('heading', { name: /Identity|Utambulisho/ })).closest('section')!);

function fill(fields: { name?: string; dob?: string; type?: string; number?: string }) {
  if (fields.name !== undefined)
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: fields.name } });
  if (fields.dob !== undefined)
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: fields.dob } });
  if (fields.type !== undefined)
    fireEvent.change(screen.getByRole('combobox', { name: 'Document type' }), {
      target: { value: fields.type },
    });
  if (fields.number !== undefined)
    fireEvent.change(screen.getByLabelText('Document number'), { target: { value: fields.number } });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('IdentityCard', () => {
  it('says it is loading, then shows a confirmed identity with the number masked and no form', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderCard();
    expect(await screen.findByText('Loading your identity...')).toBeTruthy();
    vi.unstubAllGlobals();
    stubApi({ 'GET /identity': { body: CONFIRMED } });
    answer(new Response(JSON.stringify(CONFIRMED), { headers: { 'content-type': 'application/json' } }));
    const section = await card();
    expect(await section.findByText('Confirmed')).toBeTruthy();
    expect(section.getByText('****5671')).toBeTruthy();
    expect(section.getByText('May 17, 1990')).toBeTruthy();
    expect(section.getByText('National ID')).toBeTruthy();
    expect(section.getByText(/You can deposit, withdraw and play/)).toBeTruthy();
    expect(section.queryByRole('button', { name: 'Confirm identity' })).toBeNull();
    expect(section.getByRole('heading').closest('section')?.id).toBe('identity');
  });

  it('with no identity: shows the form, checks each field before sending anything', async () => {
    const calls = stubApi({ 'GET /identity': { body: { status: 'none' } } });
    renderCard();
    const section = await card();
    expect(await section.findByText('Not provided')).toBeTruthy();
    fill({ name: 'Al', dob: '', number: '12345' });
    fireEvent.click(section.getByRole('button', { name: 'Confirm identity' }));
    expect(await section.findByText(/Enter your full name/)).toBeTruthy();
    expect(section.getByText(/Enter a real date of birth/)).toBeTruthy();
    expect(section.getByText('A national ID number is 7 or 8 digits.')).toBeTruthy();
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    fill({ type: 'passport' });
    expect(section.getByText('1 or 2 letters, then 6 to 8 digits')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows the under-18 refusal under the date of birth, and the busy text while checking', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    stubApi({
      'GET /identity': { body: { status: 'none' } },
      'PUT /identity': { status: 422, body: { error: 'You must be 18 or older to play', code: 'UNDER_AGE' } },
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      if (args[1]?.method === 'PUT') await gate;
      return stubbed(...args);
    });
    renderCard();
    const section = await card();
    await section.findByText('Not provided');
    fill({ name: 'Young Player', dob: '2010-01-01', number: '12345671' });
    fireEvent.click(section.getByRole('button', { name: 'Confirm identity' }));
    expect(await section.findByRole('button', { name: 'Checking...' })).toBeTruthy();
    release();
    expect(await section.findByText('You must be 18 or older to play.')).toBeTruthy();
    expect(screen.getByLabelText('Date of birth').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the details and shows the success state with the masked number', async () => {
    const calls = stubApi({
      'GET /identity': { body: { status: 'none' } },
      'PUT /identity': { body: CONFIRMED },
    });
    renderCard();
    const section = await card();
    await section.findByText('Not provided');
    fill({ name: ' Amani Wanjiru ', dob: '1990-05-17', number: '1234 5671' });
    fireEvent.click(section.getByRole('button', { name: 'Confirm identity' }));
    expect(await section.findByText('Confirmed')).toBeTruthy();
    expect(section.getByText('****5671')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      fullName: 'Amani Wanjiru',
      dateOfBirth: '1990-05-17',
      documentType: 'national_id',
      documentNumber: '1234 5671',
    });
  });

  it('a rejected identity says why and keeps the form; in Kiswahili too', async () => {
    await i18n.changeLanguage('sw');
    stubApi({
      'GET /identity': {
        body: { ...CONFIRMED, status: 'rejected', reason: 'NOT_FOUND', documentNumberMasked: '****4000' },
      },
    });
    renderCard();
    const section = await card();
    expect(await section.findByText('Haijathibitishwa')).toBeTruthy();
    expect(section.getByText(/Hatukupata kitambulisho hiki/)).toBeTruthy();
    expect(section.getByRole('button', { name: 'Thibitisha utambulisho' })).toBeTruthy();
  });

  it('a failed read is reported and can be tried again', async () => {
    let fail = true;
    stubApi({
      'GET /identity': () => (fail ? { status: 500, body: { error: 'down' } } : { body: { status: 'none' } }),
    });
    renderCard();
    const section = await card();
    expect(await section.findByText(/couldn't load your identity/)).toBeTruthy();
    fail = false;
    fireEvent.click(section.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(section.getByText('Not provided')).toBeTruthy());
  });
});
