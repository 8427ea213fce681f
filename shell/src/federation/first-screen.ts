/**
 * The first page's first screen, as the site wrote it into index.html (decision 011). Read when
 * this module is evaluated, before React's first commit replaces the HTML: the page's slot shows
 * the same markup while its remote loads, so the screen the browser painted from the HTML stays
 * put until the real page takes its place.
 */
import { FIRST_SCREEN_ATTRIBUTE } from '@mchezo/contracts/boot';

const element =
  typeof document === 'undefined' ? null : document.querySelector(`[${FIRST_SCREEN_ATTRIBUTE}]`);
const page = element?.getAttribute(FIRST_SCREEN_ATTRIBUTE) ?? null;
const html = element?.innerHTML ?? '';

/** The HTML the site painted for this remote page, if it painted one. */
export function firstScreenFor(remote: string, expose: string): string | null {
  return page === `${remote}/${expose}` && html ? html : null;
}
