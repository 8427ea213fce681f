/**
 * Every staff change says why: this dialog asks for the reason (3 characters or more, as the API
 * requires) and runs the change with it. The server's refusal is shown inside the dialog.
 */
import { Button } from '@mchezo/ui/button';
import { inputClass } from '@mchezo/ui/fields';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';
import { useErrorText } from './states.tsx';

export const MIN_REASON = 3;

export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  danger = false,
  onConfirm,
  onClose,
  describeError,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  /** Runs the change; a thrown error is shown in the dialog, success closes it. */
  onConfirm(reason: string): Promise<unknown>;
  /** Plain words for a refusal the screen knows (by its code); null: the server's own message. */
  describeError?: (error: unknown) => string | null;
  onClose(): void;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tooShort, setTooShort] = useState(false);

  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    setTooShort(false);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < MIN_REASON) {
      setTooShort(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setBusy(false);
      setReason('');
      setTooShort(false);
      onClose();
    } catch (err) {
      setBusy(false);
      setError(describeError?.(err) ?? errorText(err));
    }
  };

  const invalid = tooShort && reason.trim().length < MIN_REASON;
  return (
    <Modal
      open={open}
      onClose={close}
      labelledBy={`${id}-title`}
      className="w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-line p-0"
    >
      <form onSubmit={submit} className="space-y-4 p-5" noValidate>
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {description ? <div className="text-sm text-muted">{description}</div> : null}
        <div className="space-y-1.5">
          <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
            {t('reason.label')}
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            required
            minLength={MIN_REASON}
            maxLength={2000}
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
