/**
 * Canary floors (docs/decisions/059-canary-floors-and-start-up.md): what every guarded canary of
 * a remote must at least be, whoever starts it (a deploy key or a person): steps this long, this
 * many before promotion, this many loads from this many distinct browsers a step, and at most
 * this error-rate rise. Listed per remote with who set them and why; a release manager changes
 * them with a reason.
 */
import type { CanaryFloor, RemoteName } from '@mchezo/contracts/releases';
import { Button } from '@mchezo/ui/button';
import { TextField } from '@mchezo/ui/fields';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseKeys, releasesApi, useCanaryFloors } from '../../api/releases.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { ChangeDialog } from './change-dialog.tsx';

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function FloorDialog({ floor, onClose }: { floor: CanaryFloor; onClose(): void }) {
  const { t } = useTranslation('releases');
  const client = useQueryClient();
  const [f, setF] = useState({
    stepMinutes: String(floor.step_minutes),
    minSteps: String(floor.min_steps),
    minLoads: String(floor.min_loads),
    minBrowsers: String(floor.min_browsers),
    maxIncrease: String(Number((floor.max_error_rate_increase * 100).toFixed(2))),
  });
  const body = () => ({
    step_minutes: Number(f.stepMinutes),
    min_steps: whole(f.minSteps),
    min_loads: whole(f.minLoads),
    min_browsers: whole(f.minBrowsers),
    max_error_rate_increase: Number(f.maxIncrease) / 100,
  });
  const problem = () => {
    const b = body();
    if (!(b.step_minutes >= 0.05 && b.step_minutes <= 1440)) return t('canary.badStep');
    if (!(b.min_steps >= 1 && b.min_steps <= 11)) return t('floors.badSteps');
    if (!(b.min_loads >= 1) || !(b.min_browsers >= 1)) return t('floors.badLoads');
    if (!(b.max_error_rate_increase >= 0 && b.max_error_rate_increase <= 1)) return t('canary.badIncrease');
    return null;
  };
  const field = (key: keyof typeof f, label: string, inputMode: 'numeric' | 'decimal' = 'numeric') => (
    <TextField
      label={label}
      inputMode={inputMode}
      value={f[key]}
      onChange={(value) => setF((old) => ({ ...old, [key]: value }))}
    />
  );
  return (
    <ChangeDialog
      open
      title={t('floors.dialogTitle', { remote: floor.remote })}
      description={t('floors.dialogDescription')}
      confirmLabel={t('floors.confirm')}
      busyLabel={t('floors.busy')}
      problem={problem}
      onClose={onClose}
      onConfirm={async (reason) => {
        await releasesApi.setCanaryFloor(floor.remote, { ...body(), reason });
        await client.invalidateQueries({ queryKey: releaseKeys.floors });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {field('stepMinutes', t('floors.stepMinutes'), 'decimal')}
        {field('minSteps', t('floors.minSteps'))}
        {field('minLoads', t('floors.minLoads'))}
        {field('minBrowsers', t('floors.minBrowsers'))}
        {field('maxIncrease', t('floors.maxIncrease'), 'decimal')}
      </div>
    </ChangeDialog>
  );
}

export function CanaryFloorsPanel() {
  const { t } = useTranslation('releases');
  const floors = useCanaryFloors();
  const [editing, setEditing] = useState<RemoteName | null>(null);
  if (floors.isPending) return <Loading />;
  if (floors.isError) return <ErrorState error={floors.error} onRetry={() => floors.refetch()} />;
  const current = floors.data.floors.find((f) => f.remote === editing);
  return (
    <section
      aria-labelledby="floors-title"
      className="space-y-2 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id="floors-title" className="font-semibold">
        {t('floors.title')}
      </h2>
      <p className="text-sm text-muted">{t('floors.description')}</p>
      <ul className="divide-y divide-line text-sm">
        {floors.data.floors.map((f) => (
          <li key={f.remote} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0 space-y-0.5">
              <p>
                <span className="font-mono font-semibold">{f.remote}</span>{' '}
                {t('floors.summary', {
                  minutes: f.step_minutes,
                  steps: f.min_steps,
                  loads: f.min_loads,
                  browsers: f.min_browsers,
                  points: Number((f.max_error_rate_increase * 100).toFixed(2)),
                })}
              </p>
              <p className="text-muted break-words">
                {f.set_by && f.set_at
                  ? t('floors.setBy', {
                      who: f.set_by,
                      at: new Date(f.set_at).toLocaleString(),
                      reason: f.reason ?? '',
                    })
                  : t('floors.defaults')}
              </p>
            </div>
            <Button
              variant="secondary"
              onClick={() => setEditing(f.remote)}
              aria-label={t('floors.changeFor', { remote: f.remote })}
            >
              {t('floors.change')}
            </Button>
          </li>
        ))}
      </ul>
      {current ? <FloorDialog floor={current} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
