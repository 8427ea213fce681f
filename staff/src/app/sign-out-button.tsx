import { Button } from '@mchezo/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../api/session.ts';
import { useSession } from '../session/session-store.ts';

/** Ends the staff session on the server, then forgets the token; the person is signed out either way. */
export function SignOutButton() {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const signedOut = useSession((s) => s.signedOut);
  const onClick = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch {
      // An ended or expired session is signed out already.
    }
    queryClient.clear();
    signedOut('signed_out');
  };
  return (
    <Button variant="secondary" className="w-full" onClick={onClick} disabled={busy}>
      {busy ? t('layout.signingOut') : t('layout.signOut')}
    </Button>
  );
}
