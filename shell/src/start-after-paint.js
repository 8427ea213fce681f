// Inlined at the end of index.html by the build (shell/rsbuild.config.ts). It starts the app
// once the browser has shown the page's HTML first screen. The app's script is already on its
// way (preloaded at high priority by <head> and by the site's Link header): only its evaluation
// waits, so a cheap phone shows the first screen before it spends a few hundred milliseconds
// evaluating the app, instead of after. Decision 011.
(() => {
  const src = document.currentScript.dataset.src;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.src = src;
    document.head.append(script);
    // A page's first Intl.NumberFormat loads ICU's number data (about 30 ms on a desktop core,
    // several times that on a cheap phone): paid while the script may still be arriving, not
    // inside the first render of the prizes and the balance.
    setTimeout(() => {
      try {
        new Intl.NumberFormat(navigator.language).format(1);
      } catch {}
    }, 0);
  };
  // A hidden tab gets no frames until it is shown: start at once there.
  if (document.hidden) return start();
  // When the first contentful paint is on screen (its entry comes once the frame is presented,
  // not only drawn: a drawn frame would otherwise still wait for the app's evaluation).
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {}
  // Without paint timing (or with nothing contentful to paint), shortly after the first frame.
  requestAnimationFrame(() => setTimeout(start, 250));
})();
