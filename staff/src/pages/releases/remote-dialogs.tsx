/** The dialogs of a remote's changes that take more than a reason: activate, roll back, a tester's override. */
import type { OverrideResponse, RemoteName } from '@mchezo/contracts/releases';
import { inputClass } from '@mchezo/ui/fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releasesApi } from '../../api/releases.ts';
import { ChangeDialog } from './change-dialog.tsx';

function VersionSelect({
  id,
  label,
  versions,
  value,
  onChange,
}: {
  id: string;
  label: string;
  versions: string[];
  value: string;
  onChange(v: string): void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass()} w-full`}
      >
        {versions.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

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
  const id = useId();
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
      <VersionSelect
        id={id}
        label={t('canary.version')}
        versions={versions}
        value={version}
        onChange={setVersion}
      />
    </ChangeDialog>
  );
}

export function RollbackDialog({ remote, baseRevision, onClose, onDone }: ChangeProps) {
  const { t } = useTranslation('releases');
  const id = useId();
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
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-semibold">
          {t('rollback.revision')}
        </label>
        <input
          id={id}
          inputMode="numeric"
          value={revision}
          onChange={(e) => setRevision(e.target.value)}
          className={`${inputClass()} w-full`}
        />
      </div>
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
      <VersionSelect
        id={`${id}-v`}
        label={t('canary.version')}
        versions={versions}
        value={version}
        onChange={setVersion}
      />
      <div className="space-y-1">
        <label htmlFor={`${id}-m`} className="block text-sm font-semibold">
          {t('override.minutes')}
        </label>
        <input
          id={`${id}-m`}
          inputMode="numeric"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          className={`${inputClass()} w-full`}
        />
      </div>
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
