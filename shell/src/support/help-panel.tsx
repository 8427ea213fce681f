/**
 * The help panel the home's help button opens when no chat service is configured: the support
 * contacts in the player's language. A native modal <dialog>: the browser traps focus, Escape
 * closes it and focus goes back to the button.
 */
import { useTranslation } from '@mchezo/i18n/react';
import { useEffect, useId, useRef } from 'react';
import { SupportContacts } from './support-contacts.tsx';

export function HelpPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap on the backdrop closes it; keyboards have Escape (native) and the Close button.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => e.target === dialog.current && onClose()}
      className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-text backdrop:bg-black/60"
    >
      <div className="space-y-3 p-4">
        <h2 id={titleId} className="text-lg font-bold">
          {t('support.panelTitle')}
        </h2>
        <p className="text-sm text-muted">{t('support.panelIntro')}</p>
        <SupportContacts className="space-y-2" />
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 w-full rounded-lg border border-line px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand"
        >
          {t('support.close')}
        </button>
      </div>
    </dialog>
  );
}
