import { useHost } from '@mchezo/host/context';
import { useState } from 'react';
import { failureMessage } from '../api/failure-message.ts';
import { useAuthTranslation } from '../i18n/namespace.ts';

/**
 * Sends a code to the server, `busy` meanwhile. On a refusal `confirm` shows the 'Verification
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
