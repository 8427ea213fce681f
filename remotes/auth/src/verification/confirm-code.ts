import { useHost } from '@mchezo/host/context';
import { useState } from 'react';
import { failureMessage, isExpiredVerification } from '../api/failure-message.ts';
import { useAuthTranslation } from '../i18n/namespace.ts';

/**
 * Sends a code to the server (with the verification ticket the shell keeps, which signs the
 * player in: docs/decisions/062-verification-tickets.md), `busy` meanwhile. An expired ticket
 * sends the player to sign in again. On a refusal `confirm` shows the 'Verification
 * Failed' toast (the server's words first, docs/product-rules.md#failure-messages), clears `busy`
 * and answers false, so the player may try again; on success `busy` stays set while the page
 * moves on.
 */
export function useConfirmCode() {
  const { t } = useAuthTranslation();
  const host = useHost();
  const [busy, setBusy] = useState(false);

  const confirm = async (phone: string, code: string): Promise<boolean> => {
    setBusy(true);
    try {
      await host.auth.confirmVerification(phone, code);
      return true;
    } catch (error) {
      if (isExpiredVerification(error)) {
        // The ticket kept since registration is spent or out of date (docs/decisions/062): the
        // code is still good, and signing in again brings a new ticket and this page back.
        host.toast.error(t('verification.expiredTitle'), t('verification.expired'));
        host.navigate('/login', { replace: true });
        return false;
      }
      host.toast.error(
        t('verification.failedTitle'),
        failureMessage(error, {
          answered: t('verification.failed'),
          unanswered: t('verification.invalidCode'),
        }),
      );
      setBusy(false);
      return false;
    }
  };

  return { busy, confirm };
}
