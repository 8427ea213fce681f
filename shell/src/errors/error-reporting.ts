/**
 * Error reporting: Sentry's SDK, reporting to the platform's tunnel (docs/decisions/022), set up
 * from the run-time configuration. The SDK (about 140 KiB) is downloaded only once there is
 * something to report, so a visit without errors never pays for it; reports raised before it is
 * there are queued. Uncaught errors and rejections go through the same door (`reportError`).
 * Personal data (user id, phone) is attached, secrets never leave (`@mchezo/contracts/scrub`;
 * docs/product-rules.md#error-reporting-and-privacy).
 */
import type { User } from '@mchezo/contracts/auth';
import type { AppConfig } from '@mchezo/contracts/config';
import { scrub } from '@mchezo/contracts/scrub';
import { addErrorSink, type ErrorReport, reportError } from './report-error.ts';
import { whenIdle } from './when-idle.ts';

type Sentry = typeof import('@sentry/react');
type Settings = NonNullable<AppConfig['error_reporting']>;

let sdk: Sentry | null = null;
let settings: Settings | null = null;
let loading = false;
const queue: ErrorReport[] = [];
let currentUser: Pick<User, 'id' | 'phone'> | null = null;

// Until the SDK is there, keep what is reported (bounded: a loop must not eat the memory), and
// fetch the SDK once reporting is configured.
const stopQueueing = addErrorSink((report) => {
  if (sdk) return;
  if (queue.length < 20) queue.push(report);
  loadSdk();
});

// (A cross-origin script's error arrives as a bare "Script error." without the error: nothing to report.)
addEventListener('error', (event) => event.error && reportError(event.error, { phase: 'uncaught' }));
addEventListener('unhandledrejection', (event) =>
  reportError(event.reason, { phase: 'unhandled-rejection' }),
);

export function startErrorReporting(config: AppConfig): void {
  if (settings || !config.error_reporting?.dsn) return;
  settings = config.error_reporting;
  if (queue.length > 0) loadSdk();
}

function loadSdk(): void {
  const current = settings;
  if (!current || loading) return;
  loading = true;
  whenIdle(async () => {
    try {
      const Sentry = await import('@sentry/react');
      Sentry.init({
        dsn: current.dsn,
        // Every report goes to the platform's own ingest, which stores it per remote version
        // and forwards it to a real Sentry when one is configured.
        tunnel: current.tunnel,
        environment: current.environment,
        // Personal data on (user id and phone go with reports); no cookies, no bodies.
        dataCollection: { userInfo: true, cookies: false, httpBodies: [] },
        // Errors only: no performance tracing, no session replay on a player's data plan.
        tracesSampleRate: 0,
        // Uncaught errors already come through reportError (above): not twice.
        integrations: (defaults) => defaults.filter((i) => i.name !== 'GlobalHandlers'),
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
      loading = false;
    }
  });
}

/** Attaches the signed-in player to later reports (id and phone only). */
export function setReportingUser(user: User | null): void {
  currentUser = user && user.id !== 'temp-id' ? { id: user.id, phone: user.phone } : null;
  sdk?.setUser(currentUser);
}
