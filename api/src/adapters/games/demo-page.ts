/** The demo game page: a three-reel slot. Script is served separately (CSP: no inline script). */
export const DEMO_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo slot</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:radial-gradient(circle at top,#3b1464,#0f0a1e);color:#fff;display:flex;align-items:center;justify-content:center}
  main{width:100%;max-width:420px;padding:16px;text-align:center}
  h1{font-size:1.3rem;margin:0 0 4px}
  .bal{opacity:.85;margin-bottom:16px}
  .reels{display:flex;gap:10px;justify-content:center;margin:12px 0}
  .reel{width:30%;aspect-ratio:3/4;background:#fff;border-radius:12px;display:flex;align-items:center;justify-content:center;font-size:3rem;box-shadow:inset 0 -6px 0 rgba(0,0,0,.15)}
  .reel.spin{animation:blur .12s linear infinite}
  @keyframes blur{50%{transform:translateY(-4px);filter:blur(1px)}}
  .stakes{display:flex;gap:8px;justify-content:center;margin:12px 0}
  .stakes button{flex:1;padding:10px 0;border-radius:8px;border:2px solid #ff9800;background:transparent;color:#ff9800;font-weight:700}
  .stakes button[aria-pressed=true]{background:#ff9800;color:#1a1a1a}
  #spin{width:100%;padding:16px;border:0;border-radius:12px;background:linear-gradient(#ffb300,#ff6f00);color:#1a1a1a;font-size:1.2rem;font-weight:800}
  #spin:disabled{opacity:.5}
  #msg{min-height:1.5em;margin-top:12px;font-weight:600}
  .win{color:#69f0ae}.err{color:#ff8a80}
  .paytable{margin-top:16px;font-size:.8rem;opacity:.75}
</style>
</head>
<body>
<main>
  <h1 id="title">Loading…</h1>
  <div class="bal">Balance: <strong id="balance">–</strong></div>
  <div class="reels" aria-live="polite"><div class="reel" id="r0">🍒</div><div class="reel" id="r1">🔔</div><div class="reel" id="r2">7️⃣</div></div>
  <div class="stakes" id="stakes" role="group" aria-label="Stake"></div>
  <button id="spin" disabled>SPIN</button>
  <div id="msg" role="status"></div>
  <div class="paytable">3×7️⃣ 100× · 3×💎 40× · 3×⭐ 20× · 3×🔔 12× · 3×🍋 8× · 3×🍒 5× · 2×🍒 2.5×<br>Demo game · 18+ · Play responsibly</div>
</main>
<script src="game.js" defer></script>
</body>
</html>
`;

export const DEMO_PAGE_JS = `(() => {
  const ICON = { cherry: '🍒', lemon: '🍋', bell: '🔔', star: '⭐', diamond: '💎', seven: '7️⃣' };
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const launch = params.get('launch');
  let session = null, currency = 'KES', stake = 10, busy = false;
  const fmt = (n) => currency + ' ' + Number(n).toFixed(2);
  const say = (text, cls) => { const m = $('msg'); m.textContent = text; m.className = cls || ''; };
  async function post(path, body) {
    const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(data.error || ('Request failed with status ' + res.status));
    return data;
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
    if (!launch) { $('title').textContent = 'Game link missing'; return; }
    try {
      const s = await post('session', { launch_token: launch });
      history.replaceState(null, '', location.pathname);
      session = s.session_token; currency = s.currency;
      $('title').textContent = s.game_name;
      $('balance').textContent = fmt(s.balance);
      stake = s.stakes[0]; renderStakes(s.stakes);
      $('spin').disabled = false;
    } catch (e) { $('title').textContent = 'Could not start the game'; say(e.message, 'err'); }
  }
  $('spin').onclick = async () => {
    if (busy || !session) return;
    busy = true; $('spin').disabled = true; say('');
    const reels = [0, 1, 2].map((i) => $('r' + i));
    reels.forEach((r) => r.classList.add('spin'));
    try {
      const [res] = await Promise.all([post('spin', { session_token: session, stake }), new Promise((r) => setTimeout(r, 600))]);
      res.reels.forEach((s, i) => { reels[i].textContent = ICON[s] || '?'; });
      $('balance').textContent = fmt(res.balance);
      say(res.win > 0 ? 'You won ' + fmt(res.win) + '!' : 'No win this time', res.win > 0 ? 'win' : '');
    } catch (e) { say(e.message, 'err'); }
    reels.forEach((r) => r.classList.remove('spin'));
    busy = false; $('spin').disabled = false;
  };
  start();
})();
`;
