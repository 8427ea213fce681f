import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.js';

/**
 * Development adapter: writes the message to the process's stderr, not to the structured log
 * (logs are shipped elsewhere and must never hold one-time codes). Codes (runs of 4 or more
 * digits) are shown only when `revealCodes` is set, i.e. in OTP test mode, where the code is the
 * published test code anyway; a live code is a real secret and is written as `******`.
 */
export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly revealCodes: boolean,
    private readonly write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {}

  async send(to: string, message: string): Promise<void> {
    this.log.info({ to: maskPhone(to) }, 'sms sent (console adapter)');
    const text = this.revealCodes ? message : hideCodes(message);
    this.write(`[sms to ${this.revealCodes ? to : maskPhone(to)}] ${text}`);
  }
}

const hideCodes = (message: string): string => message.replace(/\d{4,}/g, (d) => '*'.repeat(d.length));

const maskPhone = (phone: string): string =>
  phone.length > 6 ? `${phone.slice(0, 4)}***${phone.slice(-3)}` : '***';
