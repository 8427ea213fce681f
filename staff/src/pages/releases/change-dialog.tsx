/**
 * A release change's dialog: the change's own fields (a version, a plan…), then the reason every
 * change carries, and one button that runs it. The caller checks its fields (`problem`); the
 * server's refusal (a stale revision, an incompatible version…) is shown inside the dialog.
 */
import { Button } from '@mchezo/ui/button';
import { inputClass } from '@mchezo/ui/fields';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal.tsx';
import { MIN_REASON } from '../../components/reason-dialog.tsx';
import { useErrorText } from '../../components/states.tsx';

export function ChangeDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  danger = false,
  closeOnDone = true,
  problem,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  /** False: the dialog stays open after the change, showing what it answered (an override's link). */
  closeOnDone?: boolean;
  /** What is wrong with the change's own fields, or null. */
  problem?: () => string | null;
  children?: ReactNode;
  /** Runs the change; a thrown error is shown here, success closes the dialog. */
  onConfirm(reason: string): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    setTried(false);
    onClose();
  };
  const reasonShort = reason.trim().length < MIN_REASON;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const wrong = problem?.() ?? null;
    if (wrong || reasonShort) {
      setError(wrong);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setBusy(false);
      if (!closeOnDone) return;
      setReason('');
      setTried(false);
      onClose();
    } catch (err) {
      setBusy(false);
      setError(errorText(err));
    }
  };

  const invalid = tried && reasonShort;
  return (
    <Modal
      open={open}
      onClose={close}
      labelledBy={`${id}-title`}
      className="max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-line p-0"
    >
      <form onSubmit={submit} className="space-y-4 p-5" noValidate>
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {description ? <div className="text-sm text-muted">{description}</div> : null}
        {children}
        <div className="space-y-1.5">
          <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
            {t('reason.label')}
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={2}
            required
            maxLength={500}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint ${id}-error`}
            className={`${inputClass(invalid)} w-full py-2`}
          />
          <p id={`${id}-hint`} className="text-xs text-muted">
            {t('reason.hint')}
          </p>
          <p id={`${id}-error`} aria-live="polite" className="min-h-4 text-xs text-danger">
            {invalid ? t('reason.tooShort') : ''}
          </p>
        </div>
        {error ? (
          <p role="alert" className="rounded-lg border border-danger bg-danger/10 p-3 text-sm">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
