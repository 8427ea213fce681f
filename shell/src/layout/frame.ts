/**
 * The classes of the page's frame: the column, the header bar, the logo and `<main>`.
 * React's layout uses them, and so does the static frame in index.html (through the build's
 * template parameters), so the frame the browser paints from the HTML alone is the one React
 * paints over it: same boxes, nothing moves (decision 011).
 */
export const FRAME_CLASS = 'mx-auto flex min-h-dvh max-w-md flex-col bg-ink';
export const HEADER_CLASS =
  'sticky top-0 z-30 flex h-14 items-center gap-1.5 border-b border-line bg-ink/95 px-2.5 backdrop-blur';
export const LOGO_CLASS = 'mr-auto shrink-0 text-lg font-extrabold tracking-tight text-brand';
/** At least a screen tall: the footer never jumps down when a remote page arrives (CLS). */
export const MAIN_CLASS = 'min-h-dvh flex-1';
