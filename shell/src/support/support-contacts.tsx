import { formatPhoneForDisplay, whatsappLink } from '@mchezo/contracts/auth-constants';
import { useTranslation } from '@mchezo/i18n/react';
import { useConfigStore } from '../stores/config.store.ts';

/** Customer care as the operator configured it (`/config` → support_contacts): call, WhatsApp, email. */
export function SupportContacts({ className = '' }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { phone, whatsapp, email } = useConfigStore((s) => s.config.support_contacts);
  const items = [
    { key: 'call', label: t('support.call'), text: formatPhoneForDisplay(phone), href: `tel:${phone}` },
    {
      key: 'whatsapp',
      label: t('support.whatsapp'),
      text: formatPhoneForDisplay(whatsapp),
      href: whatsappLink(whatsapp),
    },
    { key: 'email', label: t('support.email'), text: email, href: `mailto:${email}` },
  ];
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.key}>
          <a
            href={item.href}
            className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-line bg-surface-2 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand"
            {...(item.key === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <span className="font-semibold text-text">{item.label}</span>
            <span className="text-muted tabular-nums">{item.text}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
