import { describe, expect, it } from 'vitest';
import { genuineLoads, genuineVitals } from '../../browsers.js';
import { useReleaseCli } from './cli-kit.js';
import { makeVersion } from './fixtures.js';

describe('release CLI: guarded canaries and health (sqlite, over HTTP)', () => {
  const kit = useReleaseCli({ CANARY_GUARD_INTERVAL_MS: '0' });
  const { cli, ok } = kit;

  it('sets a guarded canary, refuses a bad plan, and prints health with the plan', async () => {
    await ok('login', '--phone', kit.phone, '--password', 'correct-horse', '--code', kit.code());
    for (const v of ['2.0.0-live', '2.1.0-next']) {
      await makeVersion(kit.cdn, 'wallet', v);
      await ok('publish', 'wallet', '--folder', v);
    }
    await ok('activate', 'wallet', '2.0.0-live', '--reason', 'live');

    const noStep = await cli('canary', 'wallet', '2.1.0-next', '10', '--ramp', '50', '--reason', 'x');
    expect(noStep.code).toBe(1);
    expect(noStep.out).toContain('needs --step-minutes');
    const down = await cli(
      'canary',
      'wallet',
      '2.1.0-next',
      '10',
      '--ramp',
      '50,25',
      '--step-minutes',
      '1',
      '--reason',
      'x',
    );
    expect(down.code).toBe(1);
    expect(down.out).toContain('each step must be higher than the one before (25% after 50%)');

    const set = await ok(
      'canary',
      'wallet',
      '2.1.0-next',
      '10',
      '--ramp',
      '25,50',
      '--step-minutes',
      '0.5',
      '--max-error-rate-increase',
      '0.1',
      '--min-loads',
      '4',
      '--reason',
      'guarded',
    );
    expect(set).toContain(
      'canary wallet 2.1.0-next 10%, guarded: 10% -> 25% -> 50% -> promote, 0.5 min a step',
    );
    expect(await ok('list')).toMatch(/wallet +2\.0\.0-live +enabled +canary 2\.1\.0-next at 10% \(guarded\)/);

    await genuineLoads(kit.t.app, 'wallet', '2.1.0-next', 3, 1);
    await genuineLoads(kit.t.app, 'wallet', '2.0.0-live', 12);
    const health = await ok('health', 'wallet');
    expect(health).toContain('Release health over the last 60 min');
    expect(health).toMatch(/remote +role +version +loads +failed +render errors +error rate/);
    expect(health).toMatch(/wallet +active +2\.0\.0-live +12 +0 +0 +0%/);
    expect(health).toMatch(/wallet +canary +2\.1\.0-next +3 +1 +0 +25%/);
    expect(health).toContain(
      'wallet guard of 2.1.0-next: running at 10% (step 1 of 3), then 25% -> 50% -> promote',
    );
    expect(health).toContain('0.5 min a step');
    expect(health).toContain('at least 4 canary loads, at most 10% above the active');
    expect(health).toContain('last check not yet');
    // 25% against 0%: over the 10 points allowed, with the 4 loads asked for: aborted on this round.
    await kit.t.app.canaryGuard.runOnce();
    const after = await ok('health', 'wallet');
    expect(after).toMatch(/wallet +other +2\.1\.0-next +3 +1 +0 +25%/);
    expect(after).toMatch(
      /wallet guard of 2\.1\.0-next: aborted .*\n +canary 2\.1\.0-next error rate 25% \(1\/4 loads\) vs active 0% \(0\/12\) over 0 s: aborted/,
    );
    expect((await ok('health')).split('\n').filter((l) => l.startsWith('lobby'))).toEqual([]);
    const history = await ok('history');
    expect(history).toMatch(
      /canary-guard\n +abort wallet canary 2\.1\.0-next: canary 2\.1\.0-next error rate 25% \(1\/4 loads\)/,
    );
  }, 120_000);

  it('takes the speed limit, prints p75 per version, and shows the guard abort on speed', async () => {
    await ok('login', '--phone', kit.phone, '--password', 'correct-horse', '--code', kit.code());
    const bad = await cli(
      'canary',
      'wallet',
      '2.1.0-next',
      '10',
      '--step-minutes',
      '1',
      '--max-lcp-increase-ms',
      'slow',
      '--reason',
      'x',
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('--max-lcp-increase-ms takes a number');
    const set = await ok(
      'canary',
      'wallet',
      '2.1.0-next',
      '10',
      '--step-minutes',
      '1',
      '--min-loads',
      '2',
      '--max-lcp-increase-ms',
      '500',
      '--max-inp-increase-ms',
      '100',
      '--min-vitals-samples',
      '2',
      '--reason',
      'speed guarded',
    );
    expect(set).toContain('guarded');
    kit.t.clock.advance(10 * 60_000);
    await genuineLoads(kit.t.app, 'wallet', '2.1.0-next', 2);
    await genuineLoads(kit.t.app, 'wallet', '2.0.0-live', 2);
    await genuineVitals(kit.t.app, 'wallet', '2.0.0-live', [1000, 1100], { inp: 80, cls: 50 });
    await genuineVitals(kit.t.app, 'wallet', '2.1.0-next', [4000, 4200], { inp: 90 });
    const health = await ok('health', 'wallet', '--minutes', '5');
    expect(health).toMatch(/error rate +p75 LCP +p75 INP +p75 CLS/);
    expect(health).toMatch(/wallet +active +2\.0\.0-live +2 +0 +0 +0% +1100ms\/2 +80ms\/2 +0\.05\/2/);
    expect(health).toMatch(/wallet +canary +2\.1\.0-next +2 +0 +0 +0% +4200ms\/2 +90ms\/2 +-/);
    expect(health).toContain(
      'speed limit: p75 LCP at most +500 ms, p75 INP at most +100 ms over the active (2 page views each side)',
    );
    await kit.t.app.canaryGuard.runOnce();
    expect(await ok('health', 'wallet', '--minutes', '5')).toMatch(
      /wallet guard of 2\.1\.0-next: aborted .*\n.*p75 LCP 4200 ms \(2\) vs 1100 ms \(2\), at most \+500 ms.*: aborted, LCP too slow/,
    );
  }, 120_000);
});
