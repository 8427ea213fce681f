import type { Host } from '@mchezo/host/types';
import { failureMessage } from '../api/failure-message.ts';

type Translate = (key: string) => string;

/**
 * Sends the code to the server. On a refusal it shows the spec's 'Verification Failed' toast
 * (the server's words first) and answers false; the caller then lets the player try again.
 */
export async function confirmCode(host: Host, t: Translate, phone: string, code: string): Promise<boolean> {
  try {
    await host.auth.confirmVerification(phone, code);
    return true;
  } catch (error) {
    host.toast.error(
      t('verification.failedTitle'),
      failureMessage(error, {
        answered: t('verification.failed'),
        unanswered: t('verification.invalidCode'),
      }),
    );
    return false;
  }
}
