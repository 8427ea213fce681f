/**
 * STAFF_SITE_ORIGIN (decision 054): an origin or nothing; when set, the API's site answers the
 * staff site at /staff/ only for that host, and the player host gets 404 there.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../src/env.js';
import { suiteApp } from '../../helpers.js';

const siteDir = mkdtempSync(join(tmpdir(), 'staff-origin-'));
mkdirSync(join(siteDir, 'staff'), { recursive: true });
mkdirSync(join(siteDir, 'shell'), { recursive: true });
writeFileSync(join(siteDir, 'staff', 'index.html'), '<!doctype html><title>Mchezo staff</title>');
writeFileSync(join(siteDir, 'shell', 'index.html'), '<!doctype html><title>Mchezo</title>');

describe('STAFF_SITE_ORIGIN', () => {
  it('takes an http(s) origin or nothing, and refuses anything else', () => {
    const parse = (value: string) =>
      loadEnv({ NODE_ENV: 'test', STAFF_SITE_ORIGIN: value }).STAFF_SITE_ORIGIN;
    expect(parse('')).toBeUndefined();
    expect(parse('https://staff.example.ke')).toBe('https://staff.example.ke');
    expect(parse('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    for (const bad of ['staff.example.ke', 'https://staff.example.ke/staff/', 'ftp://staff.example.ke'])
      expect(() => parse(bad), bad).toThrow(/STAFF_SITE_ORIGIN/);
  });

  const t = suiteApp('sqlite', { SITE_DIR: siteDir, STAFF_SITE_ORIGIN: 'https://staff.example.ke' });

  it('serves /staff/ on the staff host only', async () => {
    const staff = await t.app.inject({ url: '/staff/admin', headers: { host: 'staff.example.ke' } });
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toContain('Mchezo staff');
    const player = await t.app.inject({ url: '/staff/admin', headers: { host: 'mchezo.example.ke' } });
    expect(player.statusCode).toBe(404);
    expect(player.body).not.toContain('Mchezo staff');
  });
});
