import type { SmsSender } from './sms-sender.js';

interface GatewaySmsConfig {
  url: string;
  username: string;
  apiKey: string;
  senderId?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Africa's Talking bulk SMS HTTP API (a Kenyan gateway):
 * POST {url} with form fields username, to, message[, from], headers apiKey + Accept: application/json.
 * A message is accepted when SMSMessageData.Recipients[0].status is "Success" (statusCode 100–102).
 */
export class GatewaySmsSender implements SmsSender {
  readonly name = 'gateway';
  constructor(private readonly config: GatewaySmsConfig) {}

  async send(to: string, message: string): Promise<void> {
    const form = new URLSearchParams({ username: this.config.username, to, message });
    if (this.config.senderId) form.set('from', this.config.senderId);
    const doFetch = this.config.fetch ?? fetch;
    const res = await doFetch(this.config.url, {
      method: 'POST',
      headers: {
        apiKey: this.config.apiKey,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    const body = (await res.json()) as {
      SMSMessageData?: { Recipients?: Array<{ status?: string; statusCode?: number }> };
    };
    const recipient = body.SMSMessageData?.Recipients?.[0];
    if (
      !recipient ||
      (recipient.statusCode !== undefined && (recipient.statusCode < 100 || recipient.statusCode > 102))
    ) {
      throw new Error(`SMS gateway refused the message: ${recipient?.status ?? 'no recipient in answer'}`);
    }
  }
}
