// sonner writes its stylesheet into the page as an inline <style> when it is evaluated, which the
// site's Content-Security-Policy refuses (no 'unsafe-inline' for styles: decision 016). This build
// step drops that call; the shell loads sonner's own stylesheet file with it instead
// (shell/src/toasts/toasts.tsx). It fails the build if sonner changes how it injects the CSS.
module.exports = function sonnerStylesheetLoader(source) {
  const out = source.replace(/__insertCSS\("(?:[^"\\]|\\.)*"\);?/, '');
  if (out === source)
    throw new Error('sonner no longer calls __insertCSS("…"): check its styles against the CSP');
  return out;
};
