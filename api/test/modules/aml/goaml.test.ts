/**
 * The reports for the Financial Reporting Centre (docs/decisions/043): a case's
 * goAML XML (STR and CTR) validates against the schema it declares (xsi:noNamespaceSchemaLocation,
 * shipped in api/src/modules/aml/goaml/), checked with libxml2 (xmllint-wasm); and the CSV of
 * transactions at or above the reporting threshold for a date range (East Africa Time days).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { GOAML_SCHEMA_FILE } from '../../../src/modules/aml/goaml/goaml-report.js';
import { amlKit, HOUR, KES, THRESHOLD } from '../../aml-kit.js';
import { bearer, DB_MODES, freshPhone, json, type Player, suiteApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';

const XSD_PATH = join(import.meta.dirname, '../../../src/modules/aml/goaml', GOAML_SCHEMA_FILE);
// 2026-11-20 09:00 in Nairobi.
const T0 = Date.parse('2026-11-20T06:00:00Z');

async function validate(xml: string) {
  return validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: GOAML_SCHEMA_FILE, contents: readFileSync(XSD_PATH, 'utf8') }],
  });
}

// Both databases: SQL: threshold transactions per East Africa Time day, chosen by the database.
describe.each(DB_MODES)('goAML reports and the threshold CSV (%s)', (mode) => {
  const staffPhones = [freshPhone(), freshPhone()];
  const t = suiteApp(mode, {
    AML_SCAN_INTERVAL_MS: '0',
    COMPLIANCE_PHONES: staffPhones.join(','),
    GOAML_RENTITY_ID: '4521',
    GOAML_REPORTING_PERSON_FIRST_NAME: 'Wanjiru',
    GOAML_REPORTING_PERSON_LAST_NAME: 'Kamau',
    GOAML_REPORTING_PERSON_EMAIL: 'mlro@mchezo.example',
  });
  const { money, scan, alertsOf } = amlKit(t);
  const staff: Player[] = [];
  const as = async (i: number) => {
    staff[i] ??= await asStaff(t, await t.signedInPlayer(staffPhones[i], undefined, { identity: false }));
    return bearer(staff[i]!.accessToken);
  };

  /** A player's alert of `rule` made into a case: the case's id. */
  async function caseFor(userId: string, rule: string): Promise<string> {
    await scan();
    const alert = (await alertsOf(userId)).find((a) => a.rule === rule)!;
    const res = await t.post(
      '/aml/cases',
      { alert_id: alert.id, reason: 'Opened for the FRC report' },
      await as(0),
    );
    expect(res.statusCode, res.body).toBe(201);
    return json(res).id;
  }

  it('a CTR and an STR of a large deposit validate against the XSD they declare', async () => {
    const player = await t.signedInPlayer();
    const tx = await money(player.userId, 'deposit', THRESHOLD + 55, T0);
    const id = await caseFor(player.userId, 'large_transaction');
    for (const type of ['CTR', 'STR'] as const) {
      const res = await t.get(`/aml/cases/${id}/goaml?type=${type}`, await as(1));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(res.headers['content-disposition']).toContain(`goaml-${type}-${id}.xml`);
      const xml = res.body;
      expect(xml).toContain(`xsi:noNamespaceSchemaLocation="${GOAML_SCHEMA_FILE}"`);
      const result = await validate(xml);
      expect(result.errors, xml).toEqual([]);
      expect(result.valid).toBe(true);
      expect(xml).toContain('<rentity_id>4521</rentity_id>');
      expect(xml).toContain(`<report_code>${type}</report_code>`);
      expect(xml).toContain(`<entity_reference>mchezo-aml-${id}</entity_reference>`);
      expect(xml).toContain('<currency_code_local>KES</currency_code_local>');
      expect(xml).toContain(`<transactionnumber>${tx}</transactionnumber>`);
      expect(xml).toContain('<amount_local>1000000.55</amount_local>');
      expect(xml).toContain('<date_transaction>2026-11-20T09:00:00</date_transaction>');
      expect(xml).toContain(`<tph_number>${player.phone.slice(4)}</tph_number>`);
      expect(xml).toMatch(/<t_from>[\s\S]*<t_to_my_client>/);
      expect(xml).toContain('<first_name>Wanjiru</first_name>');
      expect(xml).toContain('<nationality1>KE</nationality1>');
      // The reason reads as a sentence, the trail in Nairobi's time with who and why.
      expect(xml).toContain(
        'Monitoring rule large_transaction (severity high): A single deposit of KES 1,000,000.55, at or above the reporting threshold of KES 1,000,000.00.',
      );
      expect(xml).toMatch(
        /\d{4}-\d\d-\d\d \d\d:\d\d Opened by [^\n]*\(\+254\d{9}\): Opened for the FRC report/,
      );
    }
    // Each file produced is in the case's trail.
    const steps = json(await t.get(`/aml/cases/${id}`, await as(0))).steps;
    expect(steps.map((s: { action: string }) => s.action)).toEqual(['open', 'goaml_ctr', 'goaml_str']);
  });

  it('an STR of structuring lists its deposits; a CTR of it has none at the threshold: 409', async () => {
    const p = (await t.signedInPlayer()).userId;
    for (let i = 0; i < 3; i++) await money(p, 'deposit', KES(350_000), T0 + i * HOUR);
    const id = await caseFor(p, 'structuring');
    const str = await t.get(`/aml/cases/${id}/goaml?type=STR`, await as(0));
    expect(str.statusCode, str.body).toBe(200);
    expect((await validate(str.body)).valid).toBe(true);
    expect(str.body.match(/<transaction>/g)).toHaveLength(3);
    expect(str.body).toContain(
      '3 deposits within 24 hours, each below the reporting threshold of KES 1,000,000.00, together KES 1,050,000.00 (the largest KES 350,000.00).',
    );
    const ctr = await t.get(`/aml/cases/${id}/goaml?type=CTR`, await as(0));
    expect(ctr.statusCode).toBe(409);
    expect(json(ctr)).toMatchObject({ code: 'NOTHING_TO_REPORT', error: expect.any(String) });
    const bad = await t.get(`/aml/cases/${id}/goaml?type=SAR`, await as(0));
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toEqual(expect.any(String));
  });

  it('a withdrawal is reported from the wallet (my client) to the payout phone', async () => {
    // A foreign resident (alien ID): the report claims no nationality for them.
    const player = await t.signedInPlayer(undefined, undefined, { identity: false });
    const identity = await t.submitIdentity(player, { documentType: 'alien_id', documentNumber: '7654321' });
    expect(identity.statusCode, identity.body).toBe(200);
    const p = player.userId;
    const payout = freshPhone();
    await money(p, 'deposit', KES(20_000), T0);
    await money(p, 'withdrawal', KES(19_000), T0 + 3 * HOUR, payout);
    const id = await caseFor(p, 'stake_little');
    const res = await t.get(`/aml/cases/${id}/goaml?type=STR`, await as(0));
    expect((await validate(res.body)).valid).toBe(true);
    expect(res.body).toMatch(/<t_from_my_client>[\s\S]*<t_to>[\s\S]*<\/t_to>/);
    expect(res.body).toContain(`<tph_number>${payout.slice(4)}</tph_number>`);
    expect(res.body).toContain('<id_number>7654321</id_number>');
    expect(res.body).not.toContain('<nationality1>');
    expect(res.body).toContain(
      'KES 20,000.00 deposited within 72 hours and only KES 0.00 staked (under 10% of it) before a withdrawal of KES 19,000.00.',
    );
  });

  it('the threshold CSV lists completed transactions at or above KSh 1,000,000 in the range', async () => {
    const p = await t.signedInPlayer();
    const ref = await t.playerRef(p);
    const at = await money(p.userId, 'deposit', THRESHOLD, Date.parse('2026-10-05T21:30:00Z')); // 6 Oct 00:30 EAT
    await money(p.userId, 'deposit', THRESHOLD - 1, Date.parse('2026-10-06T08:00:00Z'));
    await money(p.userId, 'bet', KES(100), Date.parse('2026-10-06T08:30:00Z'));
    const out = await money(
      p.userId,
      'withdrawal',
      THRESHOLD + KES(500_000) + 1,
      Date.parse('2026-10-07T20:59:59Z'),
    ); // 23:59:59 EAT
    await money(p.userId, 'deposit', THRESHOLD * 3, Date.parse('2026-10-07T21:00:00Z')); // 8 Oct, out of range
    await money(p.userId, 'deposit', THRESHOLD, Date.parse('2026-10-05T20:59:59Z')); // 5 Oct, out of range
    const res = await t.get('/aml/threshold-transactions.csv?from=2026-10-06&to=2026-10-07', await as(0));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('threshold-transactions-2026-10-06-2026-10-07.csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'transaction_id,type,created_at,settled_at,amount,currency,player_ref,phone,provider,provider_ref',
    );
    expect(lines.slice(1).map((l: string) => l.split(',').slice(0, 7))).toEqual([
      [at, 'deposit', '2026-10-06T00:30:00+03:00', '2026-10-06T00:30:00+03:00', '1000000.00', 'KES', ref],
      [out, 'withdrawal', '2026-10-07T23:59:59+03:00', '2026-10-07T23:59:59+03:00', '1500000.01', 'KES', ref],
    ]);
    for (const query of [
      'from=2026-10-07&to=2026-10-06',
      'from=2026-13-01&to=2026-13-02',
      'from=2026-10-06',
    ]) {
      const bad = await t.get(`/aml/threshold-transactions.csv?${query}`, await as(0));
      expect(bad.statusCode).toBe(400);
      expect(json(bad).error).toEqual(expect.any(String));
    }
  });

  it('a cell a spreadsheet would run as a formula comes out as text; a phone number stays a number', async () => {
    const p = await t.signedInPlayer();
    const id = await money(p.userId, 'deposit', THRESHOLD, Date.parse('2026-09-10T08:00:00Z'));
    await t.app.ctx.database.db
      .updateTable('wallet_transactions')
      .set({ provider_ref: '=HYPERLINK("http://x.example","y")' })
      .where('id', '=', id)
      .execute();
    const res = await t.get('/aml/threshold-transactions.csv?from=2026-09-10&to=2026-09-10', await as(0));
    expect(res.statusCode, res.body).toBe(200);
    const line = res.body.split('\n').find((l: string) => l.startsWith(id)) as string;
    expect(line.split(',')[7]).toMatch(/^\+2547\d{8}$/);
    expect(line.endsWith(`,"'=HYPERLINK(""http://x.example"",""y"")"`)).toBe(true);
  });
});

describe.each(DB_MODES)('goAML without a reporting entity (%s)', (mode) => {
  const phone = freshPhone();
  const t = suiteApp(mode, { AML_SCAN_INTERVAL_MS: '0', COMPLIANCE_PHONES: phone });
  const { money, scan, alertsOf } = amlKit(t);

  it('is refused with 409 GOAML_NOT_CONFIGURED until GOAML_RENTITY_ID is set', async () => {
    const officer = await asStaff(t, await t.signedInPlayer(phone, undefined, { identity: false }));
    const p = (await t.signedInPlayer()).userId;
    await money(p, 'deposit', THRESHOLD, T0);
    await scan();
    const [alert] = await alertsOf(p);
    const id = json(
      await t.post('/aml/cases', { alert_id: alert!.id, reason: 'For the FRC' }, bearer(officer.accessToken)),
    ).id;
    const res = await t.get(`/aml/cases/${id}/goaml?type=CTR`, bearer(officer.accessToken));
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'GOAML_NOT_CONFIGURED' });
  });
});
