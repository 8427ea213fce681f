// Release page for release managers (served by the API at /api/v1/releases/console).
// No framework, no build step. Every text from the server goes in through textContent.
// The access token lives in sessionStorage only (gone when the tab closes).

(() => {
  const API = '/api/v1';
  const TOKEN_KEY = 'mchezo-release-console-token';
  const PHONE_KEY = 'mchezo-release-console-phone';
  const STALE_MESSAGE = 'Someone changed the release meanwhile — reload.';

  const $ = (id) => document.getElementById(id);
  /** Builds an element: el('p', { className: 'x' }, 'text', child…). */
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else if (k in node && k !== 'list') node[k] = v;
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
    return node;
  }

  let state = { revision: null, remotes: [], history: [] };

  // ---- messages -----------------------------------------------------------------------

  function clearMessages() {
    $('error').replaceChildren();
    $('status').textContent = '';
  }
  function showError(message, details, withReload) {
    $('status').textContent = '';
    const box = $('error');
    box.replaceChildren(el('p', {}, message));
    if (details?.length) box.append(el('ul', {}, ...details.map((d) => el('li', {}, d))));
    if (withReload)
      box.append(
        el(
          'div',
          { className: 'row' },
          el('button', { type: 'button', onclick: () => reload() }, 'Reload now'),
        ),
      );
  }
  function showStatus(message) {
    $('error').replaceChildren();
    $('status').textContent = message;
  }

  // ---- API ----------------------------------------------------------------------------

  class ApiError extends Error {
    constructor(status, body) {
      super(body?.error || `The server answered ${status}`);
      this.status = status;
      this.body = body || {};
    }
  }

  async function api(method, path, body) {
    const headers = { accept: 'application/json' };
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res;
    try {
      res = await fetch(API + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        credentials: 'omit',
      });
    } catch {
      throw new ApiError(0, { error: 'Cannot reach the server. Check the connection and try again.' });
    }
    let data = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    if (!res.ok) throw new ApiError(res.status, data);
    return data;
  }

  /** Turns a failed call into the message release managers need. */
  function report(err) {
    if (!(err instanceof ApiError)) return showError(String(err?.message || err));
    switch (err.status) {
      case 401:
        signOut();
        return showSigninError('Your session has ended. Sign in again.');
      case 403:
        return showError('This account is not a release manager: it may not see or change releases.');
      case 409:
        return showError(STALE_MESSAGE, [err.body.error].filter(Boolean), true);
      case 422: {
        const issues = (err.body.issues || []).map((i) => i.message);
        return showError(
          issues.length ? 'Refused by the compatibility check:' : `Refused: ${err.message}`,
          issues,
        );
      }
      default:
        return showError(err.message);
    }
  }

  // ---- sign in ------------------------------------------------------------------------

  function showSigninError(message) {
    $('signin-error').textContent = message;
  }

  function showSignedIn(signedIn) {
    $('signin').hidden = signedIn;
    $('console').hidden = !signedIn;
    $('who').hidden = !signedIn;
    $('who-phone').textContent = signedIn ? sessionStorage.getItem(PHONE_KEY) || '' : '';
  }

  function signOut() {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(PHONE_KEY);
    state = { revision: null, remotes: [], history: [] };
    $('remotes').replaceChildren();
    $('history').replaceChildren();
    showSignedIn(false);
  }

  async function signIn(event) {
    event.preventDefault();
    clearMessages();
    showSigninError('');
    const phone = $('phone').value.trim();
    const password = $('password').value;
    if (!phone || !password) return showSigninError('Enter your phone number and password.');
    const button = $('signin-submit');
    button.disabled = true;
    try {
      sessionStorage.removeItem(TOKEN_KEY);
      const login = await api('POST', '/auth/login', { phone, password });
      if (!login.access_token) {
        return showSigninError(
          login.needs_verification
            ? 'This account is not verified yet. Verify the phone number in the Mchezo app first.'
            : 'Sign-in did not give access. Try again.',
        );
      }
      sessionStorage.setItem(TOKEN_KEY, login.access_token);
      sessionStorage.setItem(PHONE_KEY, login.user?.phone || phone);
      $('password').value = '';
      try {
        await load();
      } catch (err) {
        if (err instanceof ApiError && err.status === 403) {
          signOut();
          return showSigninError(
            'This account is not a release manager. Ask for the release_manager role (RELEASE_MANAGER_PHONES).',
          );
        }
        throw err;
      }
      showSignedIn(true);
      showStatus('Signed in.');
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0 && !sessionStorage.getItem(TOKEN_KEY))
        showSigninError(err.message);
      else report(err);
    } finally {
      button.disabled = false;
    }
  }

  // ---- data ---------------------------------------------------------------------------

  async function load() {
    const [remotes, history] = await Promise.all([
      api('GET', '/releases/remotes'),
      api('GET', '/releases/history?limit=100'),
    ]);
    state = { revision: remotes.revision, remotes: remotes.remotes, history: history.revisions };
    render();
  }

  async function reload() {
    clearMessages();
    try {
      await load();
      showStatus(`Reloaded: revision ${state.revision}.`);
    } catch (err) {
      report(err);
    }
  }

  // ---- changes ------------------------------------------------------------------------

  let pending = null;

  /** Asks for a reason, then sends the change with the revision this page shows. */
  function confirmChange(what, path, body, danger) {
    pending = { path, body, base: state.revision, what };
    $('confirm-title').textContent = 'Confirm the change';
    $('confirm-what').textContent = `${what} (from revision ${state.revision})`;
    $('confirm-ok').className = danger ? 'danger' : '';
    $('reason').value = '';
    $('reason-error').textContent = '';
    $('confirm').showModal();
    $('reason').focus();
  }

  async function submitChange(event) {
    event.preventDefault();
    if (!pending) return;
    const reason = $('reason').value.trim();
    if (!reason) {
      $('reason-error').textContent = 'Say why: a reason is required.';
      $('reason').focus();
      return;
    }
    const { path, body, base, what } = pending;
    pending = null;
    $('confirm').close();
    clearMessages();
    try {
      const rev = await api('POST', path, { ...body, base_revision: base, reason });
      await load();
      showStatus(`Done: revision ${rev.revision} — ${rev.action}.`);
    } catch (err) {
      report(err);
    }
    return what;
  }

  function cancelChange() {
    pending = null;
    $('confirm').close();
  }

  // ---- rendering ----------------------------------------------------------------------

  const when = (iso) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB', { timeZone: 'Africa/Nairobi' });
  };

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
      toggle,
      activate,
      canary,
      canaryActions,
      published,
    );
  }

  function renderRevision(rev) {
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
                    {
                      revision: rev.revision,
                    },
                    true,
                  ),
              },
              `Roll back to revision ${rev.revision}`,
            ),
          ),
    );
  }

  function render() {
    $('revision').textContent = String(state.revision);
    $('remotes').replaceChildren(...state.remotes.map(renderRemote));
    $('history').replaceChildren(
      ...(state.history.length ? state.history.map(renderRevision) : [el('li', {}, 'No revisions yet.')]),
    );
  }

  // ---- start --------------------------------------------------------------------------

  function start() {
    $('signin-form').addEventListener('submit', signIn);
    $('signout').addEventListener('click', () => {
      signOut();
      clearMessages();
      showStatus('Signed out.');
    });
    $('reload').addEventListener('click', reload);
    $('confirm-form').addEventListener('submit', submitChange);
    $('confirm-cancel').addEventListener('click', cancelChange);
    $('confirm').addEventListener('close', () => {
      pending = null;
    });
    if (sessionStorage.getItem(TOKEN_KEY)) {
      showSignedIn(true);
      load().catch(report);
    } else showSignedIn(false);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
