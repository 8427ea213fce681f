/** Sends a text message to an E.164 phone. Implementations must not log the message body. */
export interface SmsSender {
  readonly name: string;
  send(to: string, message: string): Promise<void>;
}
