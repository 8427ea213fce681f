/**
 * A release change's dialog: the shared reason dialog, wide enough for the change's own fields (a
 * version, a plan…) and with the release contracts' 500-character reason. The caller checks its
 * fields (`problem`); the server's refusal is shown inside the dialog, a stale revision or an
 * incompatible version in the release manager's language (release-errors.ts).
 */
import type { ComponentProps } from 'react';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useExplainRefusal } from './release-errors.ts';

/** The release contracts' longest reason (shared/contracts/src/releases.ts). */
const RELEASE_REASON_MAX = 500;

export function ChangeDialog({
  onConfirm,
  ...props
}: Omit<ComponentProps<typeof ReasonDialog>, 'wide' | 'reasonMaxLength'>) {
  const explain = useExplainRefusal();
  return (
    <ReasonDialog
      {...props}
      wide
      reasonMaxLength={RELEASE_REASON_MAX}
      onConfirm={(reason) => explain(() => onConfirm(reason))}
    />
  );
}
