// Release page: the history (revisions with their roll-back buttons, overrides issued to
// testers) and the integrity check of the live files. Loaded before console.js, which calls it
// with its kit.
(() => {
  let el;
  let confirmChange;
  let when;
  let state;

  const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

  /** "wallet 1.2.0 (disabled, canary 1.3.0 at 10%)", or "wallet: none". */
  function describe(name, r) {
    if (!r) return `${name}: none`;
    const extra = [
      r.enabled ? '' : 'disabled',
      r.canary ? `canary ${r.canary.version} at ${r.canary.percent}%` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return `${name} ${r.version}${extra ? ` (${extra})` : ''}`;
  }

  /** One button per remote that this revision had differently from now: put only it back. */
  function remoteRollbacks(rev, now) {
    return Object.entries(rev.manifest.remotes)
      .filter(([name, r]) => !same(r, now[name]))
      .map(([name, r]) =>
        el(
          'button',
          {
            type: 'button',
            className: 'secondary',
            onclick: () =>
              confirmChange(
                `Roll back ${name} only, to revision ${rev.revision}: ${describe(name, r)} (now ${describe(name, now[name])})`,
                `/releases/remotes/${encodeURIComponent(name)}/rollback`,
                { revision: rev.revision },
                true,
              ),
          },
          `Roll back ${name} to revision ${rev.revision}`,
        ),
      );
  }

  function renderRevision(rev, now) {
    const current = rev.revision === state.revision;
    return el(
      'li',
      { 'data-revision': String(rev.revision) },
      el('strong', {}, `Revision ${rev.revision}`),
      current ? ' (current)' : '',
      ': ',
      rev.action,
      el('br'),
      el('span', { className: 'muted' }, `${when(rev.created_at)} · by ${rev.author} · why: ${rev.reason}`),
      current
        ? null
        : el(
            'div',
            { className: 'row' },
            el(
              'button',
              {
                type: 'button',
                className: 'secondary',
                onclick: () =>
                  confirmChange(
                    `Roll back to revision ${rev.revision} (${rev.action})`,
                    '/releases/rollback',
                    { revision: rev.revision },
                    true,
                  ),
              },
              `Roll back to revision ${rev.revision}`,
            ),
            ...remoteRollbacks(rev, now),
          ),
    );
  }

  function renderOverride(o) {
    return el(
      'li',
      { 'data-override': o.id },
      el('strong', {}, `Override ${o.remote} ${o.version}`),
      ` until ${when(o.expires_at)}`,
      el('br'),
      el('span', { className: 'muted' }, `${when(o.issued_at)} · by ${o.issued_by} · why: ${o.reason}`),
    );
  }

  function renderHistory() {
    const now = state.history.find((r) => r.revision === state.revision)?.manifest.remotes ?? {};
    return {
      revisions: state.history.length
        ? state.history.map((rev) => renderRevision(rev, now))
        : [el('li', {}, 'No revisions yet.')],
      overrides: state.overrides.length
        ? state.overrides.map(renderOverride)
        : [el('li', {}, 'No overrides issued yet.')],
    };
  }

  /** The live files against their recorded hashes: a clear flag while any version fails. */
  function renderIntegrity() {
    const i = state.integrity;
    const checked = i.checked_at ? `Last checked ${when(i.checked_at)}` : 'Not checked yet';
    const every = i.interval_seconds
      ? `every ${Math.round(i.interval_seconds / 60)} min`
      : 'at start and on request';
    if (i.ok)
      return [
        el(
          'p',
          { 'data-field': 'integrity' },
          el('span', { className: 'badge on' }, 'All live files as published'),
          ` ${checked} (${every}).`,
        ),
      ];
    return [
      el(
        'p',
        { className: 'failing', 'data-field': 'integrity' },
        `Files changed since publish: ${i.failing.length} version${i.failing.length > 1 ? 's are' : ' is'} not offered to players until the files match again (or roll back).`,
      ),
      el(
        'ul',
        {},
        ...i.failing.map((f) =>
          el('li', {}, `${f.remote} ${f.version} (since ${when(f.since)}): ${f.problem}`),
        ),
      ),
      el('p', { className: 'muted' }, `${checked} (${every}).`),
    ];
  }

  /** Checks the live files now (the server also does on its schedule), then shows the page again. */
  async function checkIntegrity({ $, api, load, report, showStatus, clearMessages }) {
    const button = $('integrity-check');
    button.disabled = true;
    button.textContent = 'Checking files…';
    clearMessages();
    try {
      const result = await api('POST', '/releases/integrity/check');
      await load();
      showStatus(
        result.ok ? 'Files checked: all as published.' : 'Files checked: some changed since publish.',
      );
    } catch (err) {
      report(err);
    } finally {
      button.disabled = false;
      button.textContent = 'Check files now';
    }
  }

  const ns = window.mchezoReleases || {};
  window.mchezoReleases = ns;
  const use = (kit) => {
    ({ el, confirmChange, when, state } = kit);
  };
  ns.renderHistory = (kit) => {
    use(kit);
    return renderHistory();
  };
  ns.checkIntegrity = checkIntegrity;
  ns.renderIntegrity = (kit) => {
    use(kit);
    return renderIntegrity();
  };
})();
