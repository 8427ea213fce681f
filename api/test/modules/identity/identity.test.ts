import { describe, expect, it } from 'vitest';
import { DB_MODES, freshNationalId, json, logCapture, suiteApp, type TestApp } from '../../helpers.js';

const ADULT = {
  fullName: 'Amani Wanjiru',
  dateOfBirth: '1990-05-17',
  documentType: 'national_id',
  documentNumber: '12345671',
};

const stored = async (t: TestApp, userId: string) => ({
  identity: await t.app.ctx.database.db
    .selectFrom('identities')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst(),
  checks: await t.app.ctx.database.db
    .selectFrom('identity_checks')
    .selectAll()
    .where('user_id', '=', userId)
    .execute(),
});

describe.each(DB_MODES)('identity: details, age and checks (%s)', (mode) => {
  const t = suiteApp(mode);

  it('a new player has no identity; the route needs a signed-in player', async () => {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    expect(json(await t.get('/identity', p.headers))).toEqual({ status: 'none' });
    expect((await t.get('/identity')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/identity', payload: ADULT })).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['a malformed date', { dateOfBirth: '17/05/1990' }, 'dateOfBirth'],
    ['an impossible date', { dateOfBirth: '2001-02-30' }, 'dateOfBirth'],
    ['a date before 1900', { dateOfBirth: '1899-12-31' }, 'dateOfBirth'],
    ['a date in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
    ['a national ID of 6 digits', { documentNumber: '123456' }, 'documentNumber'],
    ['a national ID of 9 digits', { documentNumber: '123456789' }, 'documentNumber'],
    ['a national ID with a letter', { documentNumber: '1234567A' }, 'documentNumber'],
    ['a passport without letters', { documentType: 'passport', documentNumber: '1234567' }, 'documentNumber'],
    ['a passport with 5 digits', { documentType: 'passport', documentNumber: 'AK12345' }, 'documentNumber'],
    ['an alien ID of 5 digits', { documentType: 'alien_id', documentNumber: '12345' }, 'documentNumber'],
    ['an unknown document type', { documentType: 'driving_licence' }, 'documentType'],
    ['a name too short', { fullName: 'Al' }, 'fullName'],
    ['a name too long', { fullName: 'A'.repeat(101) }, 'fullName'],
    ['a name with digits', { fullName: 'Amani 007' }, 'fullName'],
    ['a missing number', { documentNumber: undefined }, 'documentNumber'],
    ['an extra field', { verified: true }, 'body'],
  ])('refuses %s with 400 and stores nothing', async (_name, change, field) => {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/identity',
      headers: p.headers,
      payload: { ...ADULT, documentNumber: freshNationalId(), ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining(field) });
    expect(await stored(t, p.userId)).toEqual({ identity: undefined, checks: [] });
    expect(json(await t.get('/identity', p.headers))).toEqual({ status: 'none' });
  });

  it('accepts numbers typed with spaces, dashes and lower-case letters', async () => {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    const res = await t.submitIdentity(p, { documentType: 'passport', documentNumber: 'ak 123-4561' });
    expect(json(res)).toMatchObject({ status: 'confirmed', documentNumberMasked: '****4561' });
    expect((await stored(t, p.userId)).identity?.document_number).toBe('AK1234561');
  });

  it('the simulator rejects, keeps pending, then confirms; a confirmed identity cannot change', async () => {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    for (const [number, status, reason] of [
      ['22334000', 'rejected', 'NOT_FOUND'],
      ['22334999', 'rejected', 'NAME_MISMATCH'],
      ['22334998', 'rejected', 'DETAILS_MISMATCH'],
      ['22334997', 'pending', 'CHECK_UNAVAILABLE'],
    ] as const) {
      const res = await t.submitIdentity(p, { documentNumber: number });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({
        status,
        reason,
        documentType: 'national_id',
        documentNumberMasked: `****${number.slice(-4)}`,
        dateOfBirth: ADULT.dateOfBirth,
        fullName: ADULT.fullName,
      });
    }
    const ok = await t.submitIdentity(p, { documentNumber: '22334455' });
    expect(json(ok)).toEqual({
      status: 'confirmed',
      documentType: 'national_id',
      documentNumberMasked: '****4455',
      dateOfBirth: ADULT.dateOfBirth,
      fullName: ADULT.fullName,
    });
    const read = await t.get('/identity', p.headers);
    expect(json(read)).toEqual(json(ok));
    expect(read.body).not.toContain('22334455');

    const again = await t.submitIdentity(p, { documentNumber: '22334466', fullName: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('IDENTITY_CONFIRMED');
    const { identity, checks } = await stored(t, p.userId);
    expect(identity).toMatchObject({
      document_number: '22334455',
      status: 'confirmed',
      provider: 'simulator',
    });
    expect(checks.map((c) => [c.document_last4, c.status, c.reason])).toEqual([
      ['4000', 'rejected', 'NOT_FOUND'],
      ['4999', 'rejected', 'NAME_MISMATCH'],
      ['4998', 'rejected', 'DETAILS_MISMATCH'],
      ['4997', 'pending', 'CHECK_UNAVAILABLE'],
      ['4455', 'confirmed', null],
    ]);
  });

  it('a document confirmed on one account is refused on another', async () => {
    const first = await t.signedInPlayer(undefined, undefined, { identity: false });
    const second = await t.signedInPlayer(undefined, undefined, { identity: false });
    expect(json(await t.submitIdentity(first, { documentNumber: '55667781' })).status).toBe('confirmed');
    const res = await t.submitIdentity(second, { documentNumber: '55667781' });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('DOCUMENT_IN_USE');
    expect(await stored(t, second.userId)).toEqual({ identity: undefined, checks: [] });
  });
});

describe.each(DB_MODES)('identity: 18 or older, in Kenyan dates (%s)', (mode) => {
  const t = suiteApp(mode);

  it('refuses 17 years and 364 days with 422 UNDER_AGE; accepts an 18th birthday today', async () => {
    // 21:30 UTC on 15 June 2026 is already 16 June in Nairobi (UTC+3).
    t.clock.set(Date.UTC(2026, 5, 15, 21, 30));
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    const young = await t.submitIdentity(p, { dateOfBirth: '2008-06-17' });
    expect(young.statusCode).toBe(422);
    expect(json(young)).toEqual({ error: 'You must be 18 or older to play', code: 'UNDER_AGE' });
    expect(await stored(t, p.userId)).toEqual({ identity: undefined, checks: [] });
    expect(json(await t.get('/identity', p.headers))).toEqual({ status: 'none' });

    const eighteen = await t.submitIdentity(p, { dateOfBirth: '2008-06-16' });
    expect(eighteen.statusCode).toBe(200);
    expect(json(eighteen)).toMatchObject({ status: 'confirmed', dateOfBirth: '2008-06-16' });
  });

  it('counts a 29 February birthday from 1 March in a common year', async () => {
    // 23:55 on 28 February in Nairobi, then 00:06 on 1 March (within the access token's life).
    t.clock.set(Date.UTC(2026, 1, 28, 20, 55));
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    expect((await t.submitIdentity(p, { dateOfBirth: '2008-02-29' })).statusCode).toBe(422);
    t.clock.advance(11 * 60_000);
    expect(json(await t.submitIdentity(p, { dateOfBirth: '2008-02-29' })).status).toBe('confirmed');
  });
});

describe('identity numbers never reach the log', () => {
  const log = logCapture();
  const t = suiteApp('sqlite', { LOG_LEVEL: 'trace' }, { logger: undefined, logStream: log.stream });

  it('logs the requests and the outcome of each check, never the number', async () => {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    const numbers = ['73519000', '73519997', '73519422', '73519433'];
    for (const documentNumber of numbers.slice(0, 3)) await t.submitIdentity(p, { documentNumber });
    await t.submitIdentity(p, { documentNumber: numbers[3] });
    await t.get('/identity', p.headers);
    await t.submitIdentity(p, { documentNumber: '7351' });
    expect(log.text).toContain('identity checked');
    expect(log.text).toContain('"url":"/api/v1/identity"');
    for (const number of [...numbers, '7351']) expect(log.text).not.toContain(number);
    // pino's redaction, should a number ever be passed to a log call.
    t.app.log.info({ documentNumber: '73519444', body: { documentNumber: '73519455' } }, 'redaction check');
    expect(log.text).toContain('redaction check');
    expect(log.text).not.toContain('73519444');
    expect(log.text).not.toContain('73519455');
  });
});
