import { DEMO_STRINGS, type DemoLanguage } from './demo-strings.js';

/**
 * The demo game page: a three-reel slot, in the player's language. Script is served separately
 * (CSP: no inline script); the words it writes later travel as data attributes.
 */
const TEMPLATE = `<!doctype html>
<html lang="{{lang}}" data-won="{{won}}" data-no-win="{{noWin}}" data-missing="{{missing}}" data-failed="{{failed}}" data-stake-limit="{{stakeLimit}}" data-loss-limit-day="{{lossLimitDay}}" data-loss-limit-week="{{lossLimitWeek}}" data-loss-limit-month="{{lossLimitMonth}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo slot</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:radial-gradient(circle at top,#3b1464,#0f0a1e);color:#fff;display:flex;align-items:center;justify-content:center}
  main{width:100%;max-width:420px;padding:16px;text-align:center}
  h1{font-size:1.3rem;margin:0 0 4px}
  .bal{opacity:.85;margin-bottom:16px;display:grid;grid-template-columns:1fr 1fr;gap:.3em}
  .bal span{text-align:right}
  .bal strong{text-align:left}
  .reels{display:flex;gap:10px;justify-content:center;margin:12px 0}
  .reel{width:30%;aspect-ratio:3/4;background:#fff;border-radius:12px;display:flex;align-items:center;justify-content:center;box-shadow:inset 0 -6px 0 rgba(0,0,0,.15)}
  .reel svg{width:70%;height:auto}
  .reel.spin{animation:blur .12s linear infinite}
  @keyframes blur{50%{transform:translateY(-4px);filter:blur(1px)}}
  .stakes{display:flex;gap:8px;justify-content:center;margin:12px 0;min-height:44px}
  .stakes button{flex:1;min-height:44px;padding:0;border-radius:8px;border:2px solid #ff9800;background:transparent;color:#ff9800;font:inherit;font-weight:700}
  .stakes button[aria-pressed=true]{background:#ff9800;color:#1a1a1a}
  #spin{width:100%;padding:16px;border:0;border-radius:12px;background:linear-gradient(#ffb300,#ff6f00);color:#1a1a1a;font-size:1.2rem;font-weight:800}
  #spin:disabled{opacity:.5}
  #msg{min-height:1.5em;margin-top:12px;font-weight:600}
  .win{color:#69f0ae}.err{color:#ff8a80}
  .paytable{margin-top:16px;font-size:.8rem;opacity:.75}
</style>
</head>
<body>
<main aria-labelledby="title">
  <h1 id="title">{{loading}}</h1>
  <div class="bal"><span>{{balance}}</span> <strong id="balance">–</strong></div>
  <div class="reels" aria-live="polite"><div class="reel" id="r0"></div><div class="reel" id="r1"></div><div class="reel" id="r2"></div></div>
  <div class="stakes" id="stakes" role="group" aria-label="{{stake}}"></div>
  <button id="spin" disabled>{{spin}}</button>
  <div id="msg" role="status"></div>
  <div class="paytable">{{paytable}}<br>{{footer}}</div>
</main>
<script src="game.js" defer></script>
</body>
</html>
`;

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The page in `language` (its inline stylesheet is the same in every language: one CSP hash). */
export function demoPageHtml(language: DemoLanguage): string {
  const words: Record<string, string> = { lang: language, ...DEMO_STRINGS[language] };
  return TEMPLATE.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escapeHtml(words[key] ?? ''));
}

export const DEMO_PAGE_JS = `(() => {
  // Symbols drawn as inline SVG: no emoji font needed, no image requests.
  const svg = (body, label) => '<svg viewBox="0 0 64 64" role="img" aria-label="' + label + '">' + body + '</svg>';
  const ICON = {
    cherry: svg('<path d="M22 40 C26 24 34 14 46 8 M42 40 C42 26 44 16 46 8" stroke="#2e7d32" stroke-width="3" fill="none"/><circle cx="22" cy="44" r="11" fill="#d32f2f"/><circle cx="42" cy="46" r="11" fill="#c62828"/>', 'cherry'),
    lemon: svg('<ellipse cx="32" cy="34" rx="24" ry="17" fill="#fdd835" stroke="#f9a825" stroke-width="2"/>', 'lemon'),
    bell: svg('<path d="M32 8 C20 8 16 20 16 32 L12 46 H52 L48 32 C48 20 44 8 32 8Z" fill="#ffb300"/><circle cx="32" cy="51" r="6" fill="#ff8f00"/>', 'bell'),
    star: svg('<polygon points="32,6 39,24 58,24 43,36 49,56 32,44 15,56 21,36 6,24 25,24" fill="#fbc02d"/>', 'star'),
    diamond: svg('<polygon points="32,6 56,26 32,58 8,26" fill="#29b6f6" stroke="#0288d1" stroke-width="2"/><polyline points="8,26 56,26" stroke="#0288d1" stroke-width="2"/>', 'diamond'),
    seven: svg('<text x="32" y="52" font-size="52" font-weight="900" text-anchor="middle" fill="#d50000" font-family="Arial,Helvetica,sans-serif">7</text>', 'seven'),
  };
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const launch = params.get('launch');
  let session = null, currency = 'KES', stake = 0, busy = false;
  const fmt = (n) => currency + ' ' + Number(n).toFixed(2);
  const words = document.documentElement.dataset;
  const say = (text, cls) => { const m = $('msg'); m.textContent = text; m.className = cls || ''; };
  async function post(path, body) {
    const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw Object.assign(new Error(data.error || ('Request failed with status ' + res.status)), { data });
    return data;
  }
  // A stake refused by a limit, in the player's language (the operator's message is English).
  const LIMIT_WORDS = { STAKE_LIMIT: 'stakeLimit', LOSS_LIMIT_DAY: 'lossLimitDay', LOSS_LIMIT_WEEK: 'lossLimitWeek', LOSS_LIMIT_MONTH: 'lossLimitMonth' };
  function reason(e) {
    const d = e.data || {};
    const text = words[LIMIT_WORDS[d.code]];
    if (!text) return e.message;
    return text.replace('{limit}', fmt(d.limit || 0)).replace('{remaining}', fmt(d.remaining || 0));
  }
  function renderStakes(stakes) {
    const box = $('stakes');
    box.textContent = '';
    for (const s of stakes) {
      const b = document.createElement('button');
      b.type = 'button'; b.textContent = String(s); b.setAttribute('aria-pressed', String(s === stake));
      b.onclick = () => { stake = s; renderStakes(stakes); };
      box.appendChild(b);
    }
  }
  async function start() {
    if (!launch) { $('title').textContent = words.missing; return; }
    try {
      const s = await post('session', { launch_token: launch });
      history.replaceState(null, '', location.pathname);
      session = s.session_token; currency = s.currency;
      $('title').textContent = s.game_name;
      $('balance').textContent = fmt(s.balance);
      stake = s.stakes[0]; renderStakes(s.stakes);
      ['seven', 'bell', 'cherry'].forEach((s, i) => { $('r' + i).innerHTML = ICON[s]; });
      $('spin').disabled = false;
    } catch (e) { $('title').textContent = words.failed; say(e.message, 'err'); }
  }
  $('spin').onclick = async () => {
    if (busy || !session) return;
    busy = true; $('spin').disabled = true; say('');
    const reels = [0, 1, 2].map((i) => $('r' + i));
    reels.forEach((r) => r.classList.add('spin'));
    try {
      const [res] = await Promise.all([post('spin', { session_token: session, stake }), new Promise((r) => setTimeout(r, 600))]);
      res.reels.forEach((s, i) => { reels[i].innerHTML = ICON[s] || ''; });
      $('balance').textContent = fmt(res.balance);
      say(res.win > 0 ? words.won.replace('{amount}', fmt(res.win)) : words.noWin, res.win > 0 ? 'win' : '');
    } catch (e) { say(reason(e), 'err'); }
    reels.forEach((r) => r.classList.remove('spin'));
    busy = false; $('spin').disabled = false;
  };
  start();
})();
`;
