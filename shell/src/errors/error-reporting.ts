/**
 * Error reporting (Sentry's SDK, reporting to the platform's tunnel), started at run time from
 * the configuration, and loaded
 * after the first paint: the SDK never sits on a player's critical path. Reports raised before
 * it loads are queued. Personal data (user id, phone) is attached, secrets never leave (scrub.ts;
 * docs/product-rules.md#error-reporting-and-privacy).
 */
import type { User } from '@mchezo/contracts/auth';
import type { AppConfig } from '@mchezo/contracts/config';
import { scrub } from '@mchezo/contracts/scrub';
import { addErrorSink, type ErrorReport } from './report-error.ts';
import { whenIdle } from './when-idle.ts';

type Sentry = typeof import('@sentry/react');

let sdk: Sentry | null = null;
let started = false;
const queue: ErrorReport[] = [];
let currentUser: Pick<User, 'id' | 'phone'> | null = null;

// Until the SDK is there, keep what is reported (bounded: a loop must not eat the memory).
const stopQueueing = addErrorSink((report) => {
  if (!sdk && queue.length < 20) queue.push(report);
});

export function startErrorReporting(config: AppConfig): void {
  const settings = config.error_reporting;
  if (started || !settings?.dsn) return;
  started = true;
  whenIdle(async () => {
    try {
      const Sentry = await import('@sentry/react');
      Sentry.init({
        dsn: settings.dsn,
        // Every report goes to the platform's own ingest, which stores it per remote version
        // and forwards it to a real Sentry when one is configured.
        tunnel: settings.tunnel,
        environment: settings.environment,
        // Personal data on (user id and phone go with reports); no cookies, no bodies.
        dataCollection: { userInfo: true, cookies: false, httpBodies: [] },
        // Errors only: no performance tracing, no session replay on a player's data plan.
        tracesSampleRate: 0,
        beforeSend: (event) => scrub(event),
        beforeBreadcrumb: (crumb) => scrub(crumb),
      });
      sdk = Sentry;
      if (currentUser) Sentry.setUser(currentUser);
      stopQueueing();
      addErrorSink(({ error, context }) => {
        Sentry.captureException(error, { tags: context });
      });
      for (const { error, context } of queue.splice(0)) Sentry.captureException(error, { tags: context });
    } catch {
      // The SDK failed to download: the site works on, reports go to the console only.
    }
  });
}

/** Attaches the signed-in player to later reports (id and phone only). */
export function setReportingUser(user: User | null): void {
  currentUser = user && user.id !== 'temp-id' ? { id: user.id, phone: user.phone } : null;
  sdk?.setUser(currentUser);
}
