// Release page: one remote's card (its facts, health and guard plan, enable/disable, activate,
// canary, published versions and their integrity). Loaded before console.js, which calls it with its kit.
(() => {
  let el;
  let $;
  let confirmChange;
  let showError;
  let when;
  let kit;

  function versionSelect(id, label, versions, exclude) {
    const options = versions
      .filter((v) => v.version !== exclude)
      .map((v) => el('option', { value: v.version }, v.version));
    return [
      el('label', { htmlFor: id }, label),
      el(
        'select',
        { id, disabled: options.length === 0 },
        ...(options.length ? options : [el('option', { value: '' }, 'none')]),
      ),
    ];
  }

  function renderRemote(r) {
    const id = `remote-${r.name}`;
    const enc = encodeURIComponent(r.name);
    const versions = [...r.versions].reverse(); // newest first
    const live = [r.active, r.canary?.version].filter(Boolean);
    const failing = r.versions
      .filter((v) => v.integrity_failure && live.includes(v.version))
      .map((v) => v.version);
    const facts = el(
      'dl',
      { className: 'facts' },
      el('dt', {}, 'Active version'),
      el('dd', { 'data-field': 'active' }, r.active || 'none'),
      el('dt', {}, 'State'),
      el(
        'dd',
        { 'data-field': 'state' },
        el('span', { className: `badge ${r.enabled ? 'on' : 'off'}` }, r.enabled ? 'Enabled' : 'Disabled'),
      ),
      el('dt', {}, 'Canary'),
      el('dd', { 'data-field': 'canary' }, r.canary ? `${r.canary.version} at ${r.canary.percent}%` : 'none'),
      el('dt', {}, 'Files'),
      el(
        'dd',
        { 'data-field': 'files' },
        failing.length
          ? el('span', { className: 'badge off' }, `Failing: ${failing.join(', ')} (not offered to players)`)
          : el('span', { className: 'badge on' }, 'As published'),
      ),
    );

    const activateId = `${id}-activate`;
    const activate = el(
      'div',
      { className: 'row' },
      el(
        'div',
        { className: 'grow' },
        ...versionSelect(activateId, `Version to activate for ${r.name}`, versions, r.active),
      ),
      el(
        'button',
        {
          type: 'button',
          onclick: () => {
            const v = $(activateId).value;
            if (v)
              confirmChange(`Activate ${r.name} ${v}`, `/releases/remotes/${enc}/activate`, { version: v });
          },
        },
        `Activate ${r.name}`,
      ),
    );

    const toggle = el(
      'div',
      { className: 'row' },
      el(
        'button',
        {
          type: 'button',
          className: r.enabled ? 'danger' : '',
          disabled: !r.active,
          onclick: () =>
            confirmChange(
              `${r.enabled ? 'Disable' : 'Enable'} ${r.name}${r.enabled ? ' (players see Unavailable, its nav items hide)' : ''}`,
              `/releases/remotes/${enc}/${r.enabled ? 'disable' : 'enable'}`,
              {},
              r.enabled,
            ),
        },
        `${r.enabled ? 'Disable' : 'Enable'} ${r.name}`,
      ),
    );

    const canaryId = `${id}-canary`;
    const percentId = `${id}-percent`;
    const canary = el(
      'div',
      { className: 'row' },
      el(
        'div',
        { className: 'grow' },
        ...versionSelect(canaryId, `Canary version for ${r.name}`, versions, r.active),
      ),
      el(
        'div',
        { className: 'narrow' },
        el('label', { htmlFor: percentId }, 'Percent'),
        el('input', {
          id: percentId,
          type: 'number',
          min: '1',
          max: '99',
          step: '1',
          inputMode: 'numeric',
          value: String(r.canary?.percent ?? 10),
        }),
      ),
      el(
        'button',
        {
          type: 'button',
          disabled: !r.active,
          onclick: () => {
            const v = $(canaryId).value;
            const percent = Number($(percentId).value);
            if (!v) return showError('Choose a version for the canary.');
            if (!Number.isInteger(percent) || percent < 1 || percent > 99)
              return showError('The canary percent is a whole number from 1 to 99.');
            confirmChange(
              `Canary ${r.name} ${v} for ${percent}% of players`,
              `/releases/remotes/${enc}/canary`,
              {
                version: v,
                percent,
              },
            );
          },
        },
        `Set canary for ${r.name}`,
      ),
    );

    const canaryActions = r.canary
      ? el(
          'div',
          { className: 'row' },
          el(
            'button',
            {
              type: 'button',
              onclick: () =>
                confirmChange(
                  `Promote ${r.name} canary ${r.canary.version} to active`,
                  `/releases/remotes/${enc}/canary/promote`,
                  {},
                ),
            },
            `Promote ${r.name} canary`,
          ),
          el(
            'button',
            {
              type: 'button',
              className: 'danger',
              onclick: () =>
                confirmChange(
                  `Abort ${r.name} canary ${r.canary.version}`,
                  `/releases/remotes/${enc}/canary/abort`,
                  {},
                  true,
                ),
            },
            `Abort ${r.name} canary`,
          ),
        )
      : null;

    const published = el(
      'details',
      {},
      el('summary', {}, `Published versions (${r.versions.length})`),
      r.versions.length
        ? el(
            'ul',
            { className: 'plain' },
            ...versions.map((v) =>
              el(
                'li',
                {},
                el('strong', {}, v.version),
                v.version === r.active ? ' (active)' : '',
                r.canary?.version === v.version ? ' (canary)' : '',
                el('br'),
                el(
                  'span',
                  { className: 'muted' },
                  `${v.files} files · by ${v.published_by} · ${when(v.published_at)}${v.reason ? ` · ${v.reason}` : ''}`,
                ),
                v.integrity_failure
                  ? el(
                      'p',
                      { className: 'failing', 'data-field': 'integrity' },
                      `Files changed since publish (since ${when(v.integrity_failure.since)}): ${v.integrity_failure.problem}`,
                    )
                  : null,
              ),
            ),
          )
        : el('p', { className: 'muted' }, 'Nothing published yet.'),
    );

    return el(
      'article',
      { 'aria-labelledby': `${id}-title`, 'data-remote': r.name },
      el('h3', { id: `${id}-title` }, r.name),
      facts,
      ...window.mchezoReleases.renderHealth(r, kit),
      toggle,
      activate,
      canary,
      canaryActions,
      published,
    );
  }

  const ns = window.mchezoReleases || {};
  window.mchezoReleases = ns;
  ns.renderRemote = (r, k) => {
    kit = k;
    ({ el, $, confirmChange, showError, when } = kit);
    return renderRemote(r);
  };
})();
