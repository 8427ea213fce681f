import { formatPhoneForDisplay, whatsappLink } from '@mchezo/contracts/auth-constants';
import { useHost } from '@mchezo/host/context';
import { Spinner } from '@mchezo/ui/spinner';
import { useEffect, useRef, useState } from 'react';
import { usePaybill } from '../api/paybill.ts';
import { useWalletTranslation } from '../i18n/namespace.ts';

const COPIED_FOR_MS = 2000;
const link =
  'inline-flex min-h-11 items-center font-semibold text-brand underline focus-visible:outline-2 focus-visible:outline-brand';

/**
 * One number to type in M-Pesa, large, with a copy button. What happened is announced in a
 * polite live region ('Copied' / 'Could not copy'); without the clipboard the number is
 * selected, so a long press copies it.
 */
function CopyableNumber({ label, value }: { label: string; value: string }) {
  const { t } = useWalletTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const numberRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      if (numberRef.current) window.getSelection()?.selectAllChildren(numberRef.current);
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPIED_FOR_MS);
  };

  return (
    <div className="flex items-center justify-between gap-3">
      <div className="min-w-0">
        <dt className="text-sm text-muted">{label}</dt>
        <dd ref={numberRef} className="text-3xl font-extrabold tracking-wider tabular-nums select-all">
          {value}
        </dd>
      </div>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={t('paybill.copyLabel', { label })}
        className="min-h-11 min-w-20 shrink-0 rounded-lg border border-brand px-3 text-sm font-semibold text-brand focus-visible:outline-2 focus-visible:outline-brand"
      >
        {state === 'copied' ? t('paybill.copied') : t('paybill.copy')}
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {state === 'copied' ? t('paybill.copied') : state === 'failed' ? t('paybill.copyFailed') : ''}
      </span>
    </div>
  );
}

/**
 * The Paybill tab (docs/product-rules.md#deposit): the business number and the player's own
 * account number, the steps in M-Pesa, and support for a payment that did not arrive. Read only
 * once the tab is shown.
 */
export function PaybillDetails({ shown }: { shown: boolean }) {
  const { t } = useWalletTranslation();
  const paybill = usePaybill(shown);
  const data = paybill.data;
  // The support line the operator configured (`/config`).
  const { whatsapp, phone } = useHost().config.support_contacts;
  const contacts = [
    { kind: 'whatsapp', display: formatPhoneForDisplay(whatsapp), href: whatsappLink(whatsapp) },
    { kind: 'mobile', display: formatPhoneForDisplay(phone), href: `tel:${phone}` },
  ] as const;
  return (
    <div className="space-y-3 pt-4">
      <h2 className="text-base font-bold">{t('paybill.title')}</h2>
      <p className="text-sm text-muted">{t('paybill.intro')}</p>
      {data ? (
        <>
          <dl className="space-y-3 rounded-xl border border-line bg-surface p-4">
            <CopyableNumber label={t('paybill.business')} value={data.paybill_number} />
            <CopyableNumber label={t('paybill.account')} value={data.account_number} />
          </dl>
          <p className="text-sm">{t('paybill.accountNote')}</p>
          <h3 className="text-sm font-semibold">{t('paybill.stepsTitle')}</h3>
          <ol className="list-decimal space-y-1 ps-6 text-sm">
            <li>{t('paybill.step1')}</li>
            <li>{t('paybill.step2')}</li>
            <li>{t('paybill.step3', { paybill: data.paybill_number })}</li>
            <li>{t('paybill.step4', { account: data.account_number })}</li>
            <li>{t('paybill.step5')}</li>
          </ol>
        </>
      ) : paybill.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-x-3 text-sm">
          <span className="text-danger">{t('paybill.error')}</span>
          <button
            type="button"
            onClick={() => void paybill.refetch()}
            className="min-h-11 font-semibold text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            {t('paybill.retry')}
          </button>
        </div>
      ) : (
        <Spinner label={t('paybill.loading')} />
      )}
      <p className="pt-2 text-sm text-muted">{t('paybill.help')}</p>
      <dl className="space-y-2 rounded-xl border border-line bg-surface p-4 text-sm">
        {contacts.map(({ kind, display, href }) => (
          <div key={kind} className="flex items-center justify-between gap-3">
            <dt className="text-muted">{t(`paybill.${kind}`)}</dt>
            <dd>
              <a
                className={link}
                href={href}
                {...(kind === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                aria-label={`${t(`paybill.${kind}`)}: ${display}`}
              >
                {display}
              </a>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
