import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.js';

/**
 * Development adapter: writes the message to the process's stderr, not to the structured log
 * (logs are shipped elsewhere and must never hold one-time codes).
 */
export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {}

  async send(to: string, message: string): Promise<void> {
    this.log.info({ to: maskPhone(to) }, 'sms sent (console adapter)');
    this.write(`[sms to ${to}] ${message}`);
  }
}

export const maskPhone = (phone: string): string =>
  phone.length > 6 ? `${phone.slice(0, 4)}***${phone.slice(-3)}` : '***';
