// Release page: one remote's health (the active version and the canary side by side, over the
// window GET /releases/health gives) and its canary guard plan. Loaded before console.js;
// console-remotes.js puts it in each remote's card.
(() => {
  const rate = (r) => (r === null || r === undefined ? '–' : `${Number((r * 100).toFixed(1))}%`);
  /** "1250 ms (34 views)", "0.12 (34 views)", or a dash without samples. */
  const vital = (s, unit) => {
    if (!s || s.p75 === null) return '–';
    const value = unit === 'ms' ? `${s.p75} ms` : String(s.p75 / 1000);
    return `${value} (${s.samples} ${s.samples === 1 ? 'view' : 'views'})`;
  };
  const ROWS = [
    ['Loads', (v) => String(v.loads)],
    ['Failed loads', (v) => String(v.failures)],
    ['Render errors', (v) => String(v.render_errors)],
    ['Browsers', (v) => String(v.clients)],
    ['Error rate', (v) => rate(v.error_rate)],
    // Real players' speed (decision 051): p75 over the window and how many page views it is of.
    ['p75 LCP', (v) => vital(v.vitals?.lcp, 'ms')],
    ['p75 INP', (v) => vital(v.vitals?.inp, 'ms')],
    ['p75 CLS', (v) => vital(v.vitals?.cls, 'cls')],
  ];

  /** What arrived for this remote without a valid load ticket (decision 031): one small line, or nothing. */
  function uncountedLine(el, r, health) {
    const mine = (health?.uncounted || []).filter((u) => u.remote === r.name);
    if (!mine.length) return null;
    const sum = (key) => mine.reduce((n, u) => n + u[key], 0);
    const reasons = mine.map((u) => u.reason.replaceAll('_', ' ')).join(', ');
    return el(
      'p',
      { className: 'muted', 'data-field': 'uncounted' },
      `Not counted (${reasons}): ${sum('loads')} loads, ${sum('failures')} failed, ${sum('render_errors')} render errors.`,
    );
  }

  function healthTable(el, r, health) {
    const mine = (health?.versions || []).filter((v) => v.remote === r.name);
    const columns = [
      mine.find((v) => v.role === 'active'),
      r.canary ? mine.find((v) => v.role === 'canary') : null,
    ].filter(Boolean);
    if (!columns.length) return el('p', { className: 'muted' }, 'No health figures: nothing live.');
    return el(
      'table',
      { className: 'health', 'data-field': 'health' },
      el('caption', {}, `Health, last ${health.window_minutes} min`),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('td', {}, ''),
          ...columns.map((v) =>
            el(
              'th',
              { scope: 'col', 'data-role': v.role },
              `${v.role === 'active' ? 'Active' : 'Canary'} ${v.version}`,
            ),
          ),
        ),
      ),
      el(
        'tbody',
        {},
        ...ROWS.map(([label, value]) =>
          el(
            'tr',
            {},
            el('th', { scope: 'row' }, label),
            ...columns.map((v) => el('td', { 'data-role': v.role, 'data-row': label }, value(v))),
          ),
        ),
      ),
    );
  }

  /** "running: 10% (step 1 of 2), then 50%, then promote", or how the plan ended. */
  function planState(el, when, p) {
    const speed = [
      p.max_lcp_p75_increase_ms == null ? null : `p75 LCP at most +${p.max_lcp_p75_increase_ms} ms`,
      p.max_inp_p75_increase_ms == null ? null : `p75 INP at most +${p.max_inp_p75_increase_ms} ms`,
    ].filter(Boolean);
    const rules =
      `${p.step_minutes} min a step, at least ${p.min_loads} canary loads, at most ${rate(p.max_error_rate_increase)} above the active's error rate` +
      (speed.length
        ? `, ${speed.join(', ')} over the active's (${p.min_vitals_samples} page views each side)`
        : '');
    if (p.status === 'running') {
      const later = p.steps.slice(p.step + 1).map((s) => `${s}%`);
      return el(
        'div',
        { className: 'plan', 'data-field': 'plan' },
        el(
          'p',
          { className: 'plan-line' },
          el('strong', {}, `Guard: running at ${p.steps[p.step]}% (step ${p.step + 1} of ${p.steps.length})`),
          `, then ${[...later, 'promote'].join(', then ')}. Step due ${when(p.step_due_at)}; ${rules}.`,
        ),
        p.last_check
          ? el('p', { className: 'muted plan-line' }, `Last check ${when(p.last_check_at)}: ${p.last_check}`)
          : el('p', { className: 'muted plan-line' }, 'Not checked yet.'),
      );
    }
    const how = { promoted: 'promoted', aborted: 'aborted', ended: 'ended by a person' }[p.status];
    return el(
      'div',
      { className: `plan ${p.status}`, 'data-field': 'plan' },
      el(
        'p',
        { className: 'plan-line' },
        el('strong', {}, `Guard of ${p.version}: ${how}`),
        ` ${when(p.ended_at)}: ${p.end_reason}`,
      ),
    );
  }

  const ns = window.mchezoReleases || {};
  window.mchezoReleases = ns;
  ns.renderHealth = (r, { el, when, state }) => [
    healthTable(el, r, state.health),
    uncountedLine(el, r, state.health),
    r.plan ? planState(el, when, r.plan) : null,
  ];
})();
