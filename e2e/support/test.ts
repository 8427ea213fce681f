/**
 * Playwright's `test` with one check on every page of every spec (decision 016): nothing the
 * site does may break its own Content-Security-Policy. Each document (the site, the game frame,
 * any frame) reports its `securitypolicyviolation` events to the console, and Chromium's own
 * "Refused to …" console errors are caught too; a test that saw one fails, naming what was
 * refused. Contexts a spec opens itself (`browser.newContext`) are watched the same way.
 *
 * A spec that provokes a refusal on purpose says so: `test.use({ cspViolationsExpected: true })`.
 */
import { type BrowserContext, test as base, type ConsoleMessage } from '@playwright/test';

export { expect } from '@playwright/test';

const MARK = '[csp-violation]';

function reportViolations(mark: string): void {
  document.addEventListener('securitypolicyviolation', (e) => {
    const where = `${e.sourceFile || location.href}:${e.lineNumber}`;
    console.error(
      `${mark} ${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${where}) ${e.sample}`,
    );
  });
}

/** A console message that tells of a refused load, script, style or frame. */
function isCspMessage(message: Pick<ConsoleMessage, 'type' | 'text'>): boolean {
  const text = message.text();
  return text.startsWith(MARK) || (/Content Security Policy/i.test(text) && /Refused to/i.test(text));
}

async function watch(context: BrowserContext, violations: string[]): Promise<void> {
  await context.addInitScript(reportViolations, MARK);
  context.on('console', (message) => {
    if (isCspMessage(message)) violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
}

export const test = base.extend<{ cspViolationsExpected: boolean; cspGuard: undefined }>({
  cspViolationsExpected: [false, { option: true }],
  cspGuard: [
    async ({ context, browser, cspViolationsExpected }, use, testInfo) => {
      const violations: string[] = [];
      await watch(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        await watch(opened, violations);
        return opened;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      if (violations.length && !cspViolationsExpected && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Content-Security-Policy violations:\n${[...new Set(violations)].join('\n')}`);
      }
    },
    { auto: true },
  ],
});
