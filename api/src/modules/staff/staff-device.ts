/**
 * The staff device id (docs/decisions/061-four-eyes-means-two-people.md): a random id the staff
 * sign-in gives a browser once, in a cookie sent back to the sign-in only (`HttpOnly`, `Secure`,
 * `SameSite=Strict`), and kept on each staff session it opens. Two accounts signed in from one
 * browser carry the same id, so four eyes sees one device; two people at two desks behind one
 * office address do not look alike (an address and a user agent would).
 */
import { readCookie } from '@mchezo/site/cookies';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../lib/crypto.js';

const DEVICE_COOKIE = 'mchezo_staff_device';
const DEVICE_COOKIE_PATH = '/api/v1/staff/sign-in';
/** 400 days, the longest a browser keeps a cookie. */
const DEVICE_COOKIE_MAX_AGE = 400 * 86_400;
const DEVICE_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** Where a staff sign-in comes from. */
export interface StaffDevice {
  ip: string;
  userAgent: string | null;
  deviceId: string;
}

/** The request's device (a new id, set in the reply's cookie, when it brings none). */
export function staffDeviceOf(request: FastifyRequest, reply: FastifyReply): StaffDevice {
  let deviceId = readCookie(request.headers.cookie, DEVICE_COOKIE);
  if (!deviceId || !DEVICE_SHAPE.test(deviceId)) {
    deviceId = randomToken(24);
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${deviceId}; Max-Age=${DEVICE_COOKIE_MAX_AGE}; Path=${DEVICE_COOKIE_PATH}; HttpOnly; Secure; SameSite=Strict`,
    );
  }
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null, deviceId };
}
