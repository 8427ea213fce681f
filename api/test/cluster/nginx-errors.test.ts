/**
 * Errors nginx answers itself (cluster/errors.conf; docs/decisions/035-surviving-faults.md): a
 * client never gets nginx's HTML page, but the API's `{error, code}` as JSON, with Retry-After
 * where repeating helps (no instance could answer).
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, cluster, instancesNow, report, until } from './cluster-kit.js';

/** A request to nginx with fetch; the status, content type, Retry-After and parsed body. */
async function viaNginx(path: string, init: RequestInit = {}) {
  const res = await fetch(`${cluster.url}${path}`, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // stays text: the assertion below shows it
  }
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    retryAfter: res.headers.get('retry-after'),
    body,
  };
}

/** `text` sent as is to nginx (what fetch cannot send: a malformed request); the answer, read whole. */
function raw(text: string): Promise<{ status: number; type: string | undefined; body: unknown }> {
  const { hostname, port } = new URL(cluster.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const type = /^content-type: *(.+)$/im.exec(head)?.[1]?.trim();
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // stays text
      }
      resolve({ status: Number(head.split(' ')[1]), type, body: parsed });
    });
  });
}

const json = (code: string) => ({ error: expect.any(String), code });

describe("nginx's own errors", () => {
  it('a request nginx refuses itself answers the JSON error shape', async () => {
    const started = Date.now();
    // A request line over nginx's 8 kB header buffers: 414.
    const longUrl = await viaNginx(`/api/v1/${'a'.repeat(10_000)}`);
    // A header over them: nginx's 494, answered as 400.
    const bigHeader = await viaNginx('/api/v1/health', { headers: { 'x-padding': 'a'.repeat(10_000) } });
    // A request line nginx cannot read: 400.
    const garbage = await raw('NOT A REQUEST\r\n\r\n');
    // A file of the CDN folder that is not there: nginx's 404, not the API's.
    const missing = await viaNginx('/remotes/no-such-remote/1.0.0/remoteEntry.js');
    const answers = [longUrl, bigHeader, garbage, missing];
    report(
      `nginx's own errors: ${answers.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('; ')} ` +
        `(${Date.now() - started} ms)`,
    );
    expect(longUrl).toMatchObject({ status: 414, type: 'application/json', body: json('URI_TOO_LONG') });
    expect(bigHeader).toMatchObject({
      status: 400,
      type: 'application/json',
      body: json('HEADERS_TOO_LARGE'),
    });
    expect(garbage).toMatchObject({ status: 400, type: 'application/json', body: json('BAD_REQUEST') });
    expect(missing).toMatchObject({ status: 404, type: 'application/json', body: json('NOT_FOUND') });
  });

  it('with both instances down, 502 in the JSON error shape with Retry-After; both come back by themselves', async () => {
    const before = instancesNow();
    for (const instance of before) process.kill(instance.pid, 'SIGKILL');
    const killed = Date.now();
    // At once: the cluster restarts an instance 0.5 s after it died at the earliest.
    const read = await viaNginx('/api/v1/health');
    const deposit = await viaNginx('/api/v1/wallet/deposit', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `down-${Date.now()}` },
      body: '{}',
    });
    for (const [i, instance] of before.entries()) {
      await until(`${instance.name} restarted`, () => instancesNow()[i]?.pid !== instance.pid);
      await until(
        `${instance.name} ready`,
        async () => (await call(instance.url, 'GET', '/health/ready')).status === 200,
      );
    }
    report(
      `both instances down: ${read.status} ${JSON.stringify(read.body)} (Retry-After ${read.retryAfter}); ` +
        `both back in ${((Date.now() - killed) / 1000).toFixed(1)} s`,
    );
    for (const answer of [read, deposit])
      expect(answer).toMatchObject({
        status: 502,
        type: 'application/json',
        retryAfter: '1',
        body: json('BAD_GATEWAY'),
      });
    // nginx sends to them again once their 2 s out are over.
    await until(
      'nginx serving',
      async () => (await call(cluster.url, 'GET', '/health/ready')).status === 200,
    );
  });
});
