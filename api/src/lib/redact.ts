/** Cuts secrets out of URLs before they reach a log line. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/payments\/callbacks\/[^/]+\/)[^/?]+/, '$1[secret]')
    .replace(/([?&](?:token|launch|session|t)=)[^&]+/g, '$1[redacted]');
}
