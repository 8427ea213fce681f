/** A new deploy key: its name, remote, actions, an optional canary cap and its expiry (in days). */
import type { CreatedDeployKey, DeployKeyAction } from '@mchezo/contracts/releases';
import {
  DEPLOY_KEY_ACTIONS,
  DEPLOY_KEY_MAX_DAYS,
  REMOTE_NAMES,
  type RemoteNameValue,
} from '@mchezo/contracts/releases-constants';
import { Button } from '@mchezo/ui/button';
import { inputClass } from '@mchezo/ui/fields';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releasesApi } from '../../api/releases.ts';
import { FormCard } from '../../components/form-card.tsx';
import { useErrorText } from '../../components/states.tsx';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;

export function CreateKeyForm({ onCreated }: { onCreated(key: CreatedDeployKey): void }) {
  const { t } = useTranslation('releases');
  const errorText = useErrorText();
  const id = useId();
  const [name, setName] = useState('');
  const [remote, setRemote] = useState<RemoteNameValue>('lobby');
  const [actions, setActions] = useState<DeployKeyAction[]>(['publish', 'canary']);
  const [cap, setCap] = useState('');
  const [days, setDays] = useState('90');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = /^\d+$/.test(days) ? Number(days) : Number.NaN;
    const capN = cap.trim() === '' ? undefined : /^\d+$/.test(cap.trim()) ? Number(cap) : Number.NaN;
    if (!NAME.test(name)) return setError(t('keys.badName'));
    if (actions.length === 0) return setError(t('keys.noActions'));
    if (!(n >= 1 && n <= DEPLOY_KEY_MAX_DAYS))
      return setError(t('keys.badDays', { max: DEPLOY_KEY_MAX_DAYS }));
    if (capN !== undefined && !(capN >= 1 && capN <= 99)) return setError(t('canary.badPercent'));
    setBusy(true);
    setError(null);
    try {
      const key = await releasesApi.createKey({
        name,
        remote,
        actions,
        ...(capN !== undefined && { max_canary_percent: capN }),
        expires_at: new Date(Date.now() + n * 86_400_000).toISOString(),
      });
      setName('');
      onCreated(key);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const label = (key: string, text: string) => (
    <label htmlFor={`${id}-${key}`} className="block text-sm font-semibold">
      {text}
    </label>
  );
  return (
    <FormCard title={t('keys.create')} onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          {label('name', t('keys.name'))}
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-describedby={`${id}-name-hint`}
            className={`${inputClass()} w-full`}
          />
          <p id={`${id}-name-hint`} className="text-xs text-muted">
            {t('keys.nameHint')}
          </p>
        </div>
        <div className="space-y-1">
          {label('remote', t('keys.remote'))}
          <select
            id={`${id}-remote`}
            value={remote}
            onChange={(e) => setRemote(e.target.value as RemoteNameValue)}
            className={`${inputClass()} w-full`}
          >
            {REMOTE_NAMES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-semibold">{t('keys.actions')}</legend>
          {DEPLOY_KEY_ACTIONS.map((a) => (
            <div key={a} className="flex items-center gap-2">
              <input
                id={`${id}-${a}`}
                type="checkbox"
                className="size-5"
                checked={actions.includes(a)}
                onChange={(e) =>
                  setActions((old) => (e.target.checked ? [...old, a] : old.filter((x) => x !== a)))
                }
              />
              <label htmlFor={`${id}-${a}`} className="text-sm">
                {t(`keys.action.${a}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="space-y-1">
          {label('cap', t('keys.cap'))}
          <input
            id={`${id}-cap`}
            inputMode="numeric"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
            className={`${inputClass()} w-full`}
          />
        </div>
        <div className="space-y-1">
          {label('days', t('keys.days'))}
          <input
            id={`${id}-days`}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            className={`${inputClass()} w-full`}
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger/10 p-3 text-sm">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('keys.creating') : t('keys.create')}
      </Button>
    </FormCard>
  );
}
