/**
 * The browser's own defences, on every answer of this server (decision 016):
 * - `X-Content-Type-Options`, `Referrer-Policy` and `Permissions-Policy` everywhere;
 * - `Strict-Transport-Security` only for a request that came over https (with TRUST_PROXY,
 *   Fastify reads it from `X-Forwarded-Proto`): an http answer cannot set it anyway, and a
 *   local `npm start` must stay reachable over http;
 * - a Content-Security-Policy: the site page sends its own (content-security-policy.ts), as do
 *   the demo game page (framed by the site), the staff site and the thumbnails; anything
 *   else (JSON, files) gets one that allows nothing, so no answer of ours runs as a page.
 */
import type { FastifyInstance } from 'fastify';

/** Features the site never uses: off for the page and every frame in it. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';
/** For answers that are no page of ours: nothing may load, run or frame them. */
export const NOTHING_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', REFERRER_POLICY);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', NOTHING_POLICY);
  });
}
