/**
 * Every staff change says why: `ReasonField` is the reason's box (3 characters or more, as the API
 * requires) and `ReasonDialog` the dialog that asks for it, with the change's own fields if it has
 * any, and runs the change with it. The server's refusal is shown inside the dialog.
 */
import { Button } from '@mchezo/ui/button';
import { inputClass } from '@mchezo/ui/fields';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';
import { FormError, useErrorText } from './states.tsx';

export const MIN_REASON = 3;

/** True when a reason is long enough for the API. */
export function reasonLongEnough(reason: string): boolean {
  return reason.trim().length >= MIN_REASON;
}

/**
 * The reason's label and box. `checked` adds the rule's hint and the "too short" line under it
 * (set `invalid` once the person tried to go on); without it the form says what is wrong itself.
 */
export function ReasonField({
  id,
  label,
  value,
  onChange,
  rows = 2,
  maxLength,
  checked = false,
  invalid = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  maxLength: number;
  checked?: boolean;
  invalid?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={rows}
        required={checked || undefined}
        minLength={checked ? MIN_REASON : undefined}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={checked ? `${id}-hint ${id}-error` : undefined}
        className={`${inputClass(invalid)} w-full py-2`}
      />
      {checked ? (
        <>
          <p id={`${id}-hint`} className="text-xs text-muted">
            {t('reason.hint')}
          </p>
          <p id={`${id}-error`} aria-live="polite" className="min-h-4 text-xs text-danger">
            {invalid ? t('reason.tooShort') : ''}
          </p>
        </>
      ) : null}
    </div>
  );
}

export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  danger = false,
  wide = false,
  reasonMaxLength = 2000,
  closeOnDone = true,
  problem,
  children,
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
  /** A wider dialog that scrolls inside itself, for a change with fields of its own. */
  wide?: boolean;
  reasonMaxLength?: number;
  /** False: the dialog stays open after the change, showing what it answered (an override's link). */
  closeOnDone?: boolean;
  /** What is wrong with the change's own fields (`children`), or null. */
  problem?: () => string | null;
  /** The change's own fields, above the reason. */
  children?: ReactNode;
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
  const [tried, setTried] = useState(false);

  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    setTried(false);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const wrong = problem?.() ?? null;
    if (wrong || !reasonLongEnough(reason)) {
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
      setError(describeError?.(err) ?? errorText(err));
    }
  };

  const size = wide
    ? 'max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto'
    : 'w-[min(32rem,calc(100vw-2rem))]';
  return (
    <Modal
      open={open}
      onClose={close}
      labelledBy={`${id}-title`}
      className={`${size} m-auto rounded-xl border border-line p-0`}
    >
      <form onSubmit={submit} className="space-y-4 p-5" noValidate>
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {description ? <div className="text-sm text-muted">{description}</div> : null}
        {children}
        <ReasonField
          id={`${id}-reason`}
          label={t('reason.label')}
          value={reason}
          onChange={setReason}
          rows={wide ? 2 : 3}
          maxLength={reasonMaxLength}
          checked
          invalid={tried && !reasonLongEnough(reason)}
        />
        <FormError>{error}</FormError>
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
