import { DEFAULT_PHONE_CODE, toE164 } from '@mchezo/contracts/auth-constants';
import { useHost } from '@mchezo/host/context';
import { type FormEvent, useRef, useState } from 'react';
import { useAuthTranslation } from '../i18n/namespace.ts';
import type { PhoneValue } from './phone-fields.tsx';

/**
 * The phone and password of login and join, both required, and the form's busy flag.
 * `onSubmit(call)` makes the submit handler: a press while a call runs does nothing; a missing
 * field gets the required-fields toast and focus on the first empty input; otherwise `busy`
 * stays set while `call` runs with the phone in E.164 form. `call` shows its own failure toast.
 */
export function useCredentialsForm() {
  const { t } = useAuthTranslation();
  const host = useHost();
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_PHONE_CODE, phone: '' });
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const phoneInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const onSubmit = (call: (e164: string) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!phone.phone.trim() || !password) {
      host.toast.error(t('errors.title'), t('errors.requiredFields'));
      (phone.phone.trim() ? passwordInput : phoneInput).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await call(toE164(phone.phone, phone.countryCode));
    } finally {
      setBusy(false);
    }
  };

  return { phone, setPhone, password, setPassword, busy, phoneInput, passwordInput, onSubmit };
}
