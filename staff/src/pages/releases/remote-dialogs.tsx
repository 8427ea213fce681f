/** The dialogs of a remote's changes that take more than a reason: activate, roll back, a tester's override. */
import type { OverrideResponse, RemoteName } from '@mchezo/contracts/releases';
import { inputClass, TextField } from '@mchezo/ui/fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releasesApi } from '../../api/releases.ts';
import { SelectField } from '../../components/select-field.tsx';
import { ChangeDialog } from './change-dialog.tsx';

/** Version names as the select's [value, label] pairs. */
const versionOptions = (versions: string[]) => versions.map((v) => [v, v] as const);

interface ChangeProps {
  remote: RemoteName;
  baseRevision: number;
  onClose(): void;
  onDone(): void;
}

export function ActivateDialog({
  remote,
  versions,
  baseRevision,
  onClose,
  onDone,
}: ChangeProps & { versions: string[] }) {
  const { t } = useTranslation('releases');
  const [version, setVersion] = useState(versions[0] ?? '');
  return (
    <ChangeDialog
      open
      title={t('activate.title', { remote })}
      description={t('activate.description')}
      confirmLabel={t('activate.confirm')}
      busyLabel={t('activate.busy')}
      problem={() => (version ? null : t('canary.noVersion'))}
      onClose={onClose}
      onConfirm={async (reason) => {
        await releasesApi.activate(remote, { version, base_revision: baseRevision, reason });
        onDone();
      }}
    >
      <SelectField
        label={t('canary.version')}
        options={versionOptions(versions)}
        value={version}
        onChange={setVersion}
      />
    </ChangeDialog>
  );
}

export function RollbackDialog({ remote, baseRevision, onClose, onDone }: ChangeProps) {
  const { t } = useTranslation('releases');
  const [revision, setRevision] = useState(String(Math.max(1, baseRevision - 1)));
  const n = /^\d+$/.test(revision) ? Number(revision) : Number.NaN;
  return (
    <ChangeDialog
      open
      danger
      title={t('rollback.title', { remote })}
      description={t('rollback.description', { current: baseRevision })}
      confirmLabel={t('rollback.confirm')}
      busyLabel={t('rollback.busy')}
      problem={() =>
        n >= 1 && n < baseRevision ? null : t('rollback.badRevision', { current: baseRevision })
      }
      onClose={onClose}
      onConfirm={async (reason) => {
        await releasesApi.rollbackRemote(remote, { revision: n, base_revision: baseRevision, reason });
        onDone();
      }}
    >
      <TextField label={t('rollback.revision')} inputMode="numeric" value={revision} onChange={setRevision} />
    </ChangeDialog>
  );
}

export function OverrideDialog({
  remote,
  versions,
  onClose,
}: {
  remote: RemoteName;
  versions: string[];
  onClose(): void;
}) {
  const { t } = useTranslation('releases');
  const id = useId();
  const [version, setVersion] = useState(versions[0] ?? '');
  const [minutes, setMinutes] = useState('60');
  const [issued, setIssued] = useState<OverrideResponse | null>(null);
  const n = /^\d+$/.test(minutes) ? Number(minutes) : Number.NaN;
  const link = issued ? `${window.location.origin}/?override=${encodeURIComponent(issued.token)}` : '';
  return (
    <ChangeDialog
      open
      title={t('override.title', { remote })}
      description={t('override.description')}
      confirmLabel={t('override.confirm')}
      busyLabel={t('override.busy')}
      problem={() => (n >= 1 && n <= 480 ? null : t('override.badMinutes'))}
      // The link stays on screen until the dialog is dismissed.
      closeOnDone={false}
      onClose={onClose}
      onConfirm={async (reason) => {
        setIssued(await releasesApi.override({ remote, version, minutes: n, reason }));
      }}
    >
      <SelectField
        label={t('canary.version')}
        options={versionOptions(versions)}
        value={version}
        onChange={setVersion}
      />
      <TextField label={t('override.minutes')} inputMode="numeric" value={minutes} onChange={setMinutes} />
      {issued ? (
        <div role="status" className="space-y-1 rounded-lg border border-success bg-success/10 p-3 text-sm">
          <p className="font-semibold">
            {t('override.issued', { at: new Date(issued.expires_at).toLocaleString() })}
          </p>
          <label htmlFor={`${id}-link`} className="block text-xs text-muted">
            {t('override.link')}
          </label>
          <input
            id={`${id}-link`}
            readOnly
            value={link}
            className={`${inputClass()} w-full font-mono text-xs`}
            onFocus={(e) => e.target.select()}
          />
        </div>
      ) : null}
    </ChangeDialog>
  );
}
