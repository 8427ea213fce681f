/**
 * The shell's one door for error reports (remote failures, render errors, unexpected rejections).
 * Error-reporting SDK wiring comes from run-time configuration; until it is configured, reports go
 * to the console as warnings, and to listeners of the `mchezo:error-report` event (tests, devtools).
 */
export interface ErrorReport {
  error: unknown;
  context: Record<string, string>;
}

type Sink = (report: ErrorReport) => void;
const sinks = new Set<Sink>();

export function addErrorSink(sink: Sink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export function reportError(error: unknown, context: Record<string, string> = {}): void {
  const report = { error, context };
  const message = error instanceof Error ? error.message : String(error);
  console.warn('[mchezo] reported:', message, context);
  globalThis.dispatchEvent?.(new CustomEvent('mchezo:error-report', { detail: { message, context } }));
  for (const sink of sinks) {
    try {
      sink(report);
    } catch {
      // A broken sink must never break the page that is reporting.
    }
  }
}
