import { describe, expect, it } from 'vitest';
import { manifestDiff } from './diff.ts';

const entry = (version: string, extra: object = {}) => ({
  version,
  entry: `/remotes/x/${version}/mf-manifest.json`,
  enabled: true,
  ...extra,
});

describe('manifestDiff', () => {
  it('lists only the remotes and fields that changed', () => {
    const before = { revision: 1, remotes: { lobby: entry('1.0.0'), wallet: entry('2.0.0') } };
    const after = {
      revision: 2,
      remotes: {
        lobby: entry('1.0.0', { canary: { version: '1.1.0', entry: 'e', percent: 10 } }),
        wallet: entry('2.0.0'),
      },
    };
    expect(manifestDiff(before, after)).toEqual([
      { remote: 'lobby', changes: [{ field: 'canary', before: null, after: '1.1.0 @ 10%' }] },
    ]);
  });

  it('shows a promotion as a new version and no canary, and a disable as on → off', () => {
    const before = {
      revision: 3,
      remotes: { lobby: entry('1.0.0', { canary: { version: '1.1.0', entry: 'e', percent: 50 } }) },
    };
    const after = { revision: 4, remotes: { lobby: entry('1.1.0', { enabled: false }) } };
    expect(manifestDiff(before, after)).toEqual([
      {
        remote: 'lobby',
        changes: [
          { field: 'version', before: '1.0.0', after: '1.1.0' },
          { field: 'canary', before: '1.1.0 @ 50%', after: null },
          { field: 'enabled', before: 'on', after: 'off' },
        ],
      },
    ]);
  });

  it('treats the first revision as every remote added', () => {
    expect(manifestDiff(null, { revision: 1, remotes: { auth: entry('0.1.0') } })).toEqual([
      {
        remote: 'auth',
        changes: [
          { field: 'version', before: null, after: '0.1.0' },
          { field: 'enabled', before: null, after: 'on' },
        ],
      },
    ]);
  });
});
