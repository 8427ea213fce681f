// Release page for release managers (served by the API at /api/v1/releases/console).
// No framework, no build step. Every text from the server goes in through textContent.
// The staff token (two-factor staff sign-in, decision 052) lives in sessionStorage only (gone when the tab closes).

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

  const EMPTY = { revision: null, remotes: [], history: [], overrides: [], integrity: null, health: null };
  let state = EMPTY;

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
    state = EMPTY;
    for (const id of ['remotes', 'history', 'overrides', 'integrity']) $(id).replaceChildren();
    showSignedIn(false);
  }

  async function signIn(event) {
    event.preventDefault();
    clearMessages();
    showSigninError('');
    const phone = $('phone').value.trim();
    const password = $('password').value;
    const code = $('code').value.trim();
    if (!phone || !password || !/^\d{6}$/.test(code))
      return showSigninError(
        'Enter your phone number, password and the 6-digit code from your authenticator app.',
      );
    const button = $('signin-submit');
    button.disabled = true;
    try {
      sessionStorage.removeItem(TOKEN_KEY);
      // Staff sign-in with two factors (docs/decisions/052): the staff token, not a player's.
      const login = await api('POST', '/staff/sign-in', { phone, password, code });
      if (!login.token) return showSigninError('Sign-in did not give access. Try again.');
      sessionStorage.setItem(TOKEN_KEY, login.token);
      sessionStorage.setItem(PHONE_KEY, login.member?.phone || phone);
      $('password').value = '';
      $('code').value = '';
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
    const [remotes, history, integrity, health] = await Promise.all([
      api('GET', '/releases/remotes'),
      api('GET', '/releases/history?limit=100'),
      api('GET', '/releases/integrity'),
      api('GET', '/releases/health?minutes=60'),
    ]);
    state = {
      revision: remotes.revision,
      remotes: remotes.remotes,
      history: history.revisions,
      overrides: history.overrides,
      integrity,
      health,
    };
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
    const { path, body, base } = pending;
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
  }

  function cancelChange() {
    pending = null;
    $('confirm').close();
  }

  // ---- rendering (console-remotes.js, console-history.js) ------------------------------
  const when = (iso) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB', { timeZone: 'Africa/Nairobi' });
  };
  const kit = () => ({
    el,
    $,
    confirmChange,
    showError,
    when,
    state,
    api,
    load,
    report,
    showStatus,
    clearMessages,
  });

  function render() {
    const { renderRemote, renderHistory, renderIntegrity } = window.mchezoReleases;
    $('revision').textContent = String(state.revision);
    $('integrity').replaceChildren(...renderIntegrity(kit()));
    $('remotes').replaceChildren(...state.remotes.map((r) => renderRemote(r, kit())));
    const history = renderHistory(kit());
    $('history').replaceChildren(...history.revisions);
    $('overrides').replaceChildren(...history.overrides);
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
    $('integrity-check').addEventListener('click', () => window.mchezoReleases.checkIntegrity(kit()));
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
