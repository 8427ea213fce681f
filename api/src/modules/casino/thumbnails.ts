import type { CatalogueGame } from './catalogue.js';

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const EMBLEMS: Record<CatalogueGame['category'], string> = {
  // three reels with sevens
  slots:
    '<g fill="#fff" fill-opacity=".92"><rect x="70" y="62" width="52" height="70" rx="8"/><rect x="134" y="62" width="52" height="70" rx="8"/><rect x="198" y="62" width="52" height="70" rx="8"/></g><g font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="44" fill="#d50000" text-anchor="middle"><text x="96" y="113">7</text><text x="160" y="113">7</text><text x="224" y="113">7</text></g>',
  // a wheel with segments and a pointer
  spin: '<circle cx="160" cy="98" r="52" fill="#fff" fill-opacity=".92"/><g stroke="#000" stroke-opacity=".35" stroke-width="3"><path d="M160 46v104M108 98h104M123 61l74 74M197 61l-74 74"/></g><circle cx="160" cy="98" r="10" fill="#ffc400"/><path d="M160 36l-9 16h18z" fill="#ffc400"/>',
  // a football
  sports:
    '<circle cx="160" cy="98" r="46" fill="#fff"/><path d="M160 78l19 14-7 22h-24l-7-22z" fill="#212121"/><g stroke="#212121" stroke-width="3"><path d="M160 78V54M179 92l22-8M172 114l14 20M148 114l-14 20M141 92l-22-8"/></g>',
  // a broadcast badge
  live_sports:
    '<rect x="92" y="66" width="136" height="64" rx="14" fill="#fff" fill-opacity=".92"/><circle cx="122" cy="98" r="11" fill="#e53935"/><text x="180" y="110" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="32" fill="#e53935" text-anchor="middle">LIVE</text>',
};

/** A 320×240 SVG card (~1 kB): gradient, category emblem and the game's name. */
export function renderThumbnail(game: CatalogueGame): string {
  const [from, to] = game.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240" role="img" aria-label="${escapeXml(game.name)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="320" height="240" fill="url(#g)"/>${EMBLEMS[game.category]}<rect y="172" width="320" height="68" fill="#000" fill-opacity=".45"/><text x="160" y="215" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${game.name.length > 16 ? 22 : 26}" fill="#fff" text-anchor="middle">${escapeXml(game.name)}</text></svg>\n`;
}
