/**
 * Start a canary: a published version for a share of players, guarded by default (the guard
 * ramps it through the plan's steps and promotes it, or aborts it when its error rate or speed
 * is worse than the active version's by more than the plan allows; docs/decisions/023, 051).
 */
import type { CanaryPlanRequest, RemoteName } from '@mchezo/contracts/releases';
import { TextField } from '@mchezo/ui/fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releasesApi, useCanaryFloors } from '../../api/releases.ts';
import { SelectField } from '../../components/select-field.tsx';
import { ChangeDialog } from './change-dialog.tsx';

const int = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The steps after a 10% canary for a plan of at least `steps` steps: 50%, or evenly up to 90% (3: "50, 90"). */
function rampFor(steps: number): string {
  const after = steps - 1;
  if (after <= 1) return '50';
  return Array.from({ length: after }, (_, i) => Math.round(10 + ((i + 1) * 80) / after)).join(', ');
}

interface Form {
  version: string;
  percent: string;
  guarded: boolean;
  ramp: string;
  stepMinutes: string;
  maxIncrease: string;
  minLoads: string;
  maxLcp: string;
  maxInp: string;
}

export function CanaryDialog({
  open,
  remote,
  versions,
  baseRevision,
  onDone,
  onClose,
}: {
  open: boolean;
  remote: RemoteName;
  /** Published versions that may go to players (not the active one). */
  versions: string[];
  baseRevision: number;
  onDone(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('releases');
  const id = useId();
  // The remote's canary floors (decision 059): the plan starts at them, since a laxer one is refused.
  const floor = useCanaryFloors().data?.floors.find((fl) => fl.remote === remote);
  const [f, setF] = useState<Form>(() => ({
    version: versions[0] ?? '',
    percent: '10',
    guarded: true,
    ramp: rampFor(floor?.min_steps ?? 1),
    stepMinutes: String(Math.max(10, floor?.step_minutes ?? 0)),
    maxIncrease: String(Math.min(5, Number(((floor?.max_error_rate_increase ?? 1) * 100).toFixed(2)))),
    minLoads: String(Math.max(20, floor?.min_loads ?? 0, floor?.min_browsers ?? 0)),
    maxLcp: '',
    maxInp: '',
  }));
  const set = (patch: Partial<Form>) => setF((old) => ({ ...old, ...patch }));

  const ramp =
    f.ramp.trim() === ''
      ? []
      : f.ramp
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(int);
  const plan = (): CanaryPlanRequest => ({
    ramp,
    step_minutes: Number(f.stepMinutes),
    max_error_rate_increase: Number(f.maxIncrease) / 100,
    min_loads: int(f.minLoads),
    ...(f.maxLcp.trim() && { max_lcp_p75_increase_ms: int(f.maxLcp) }),
    ...(f.maxInp.trim() && { max_inp_p75_increase_ms: int(f.maxInp) }),
    min_vitals_samples: 20,
  });
  const problem = () => {
    const percent = int(f.percent);
    if (!f.version) return t('canary.noVersion');
    if (!(percent >= 1 && percent <= 99)) return t('canary.badPercent');
    if (!f.guarded) return null;
    const steps = [percent, ...ramp];
    if (steps.some((p, i) => !(p >= 1 && p <= 99) || (i > 0 && p <= (steps[i - 1] ?? 0))))
      return t('canary.badRamp');
    const p = plan();
    if (!(p.step_minutes >= 0.05 && p.step_minutes <= 1440)) return t('canary.badStep');
    if (!(p.max_error_rate_increase >= 0 && p.max_error_rate_increase <= 1)) return t('canary.badIncrease');
    if (!(p.min_loads >= 1)) return t('canary.badLoads');
    if (Number.isNaN(p.max_lcp_p75_increase_ms ?? 0) || Number.isNaN(p.max_inp_p75_increase_ms ?? 0))
      return t('canary.badSpeed');
    return null;
  };
  const field = (
    key: keyof Form,
    label: string,
    hint?: string,
    inputMode: 'numeric' | 'decimal' | 'text' = 'numeric',
  ) => (
    <TextField
      label={label}
      hint={hint}
      inputMode={inputMode}
      value={String(f[key])}
      onChange={(value) => set({ [key]: value })}
    />
  );

  return (
    <ChangeDialog
      open={open}
      title={t('canary.title', { remote })}
      description={t('canary.description')}
      confirmLabel={t('canary.confirm')}
      busyLabel={t('canary.busy')}
      problem={problem}
      onClose={onClose}
      onConfirm={async (reason) => {
        await releasesApi.canary(remote, {
          version: f.version,
          percent: int(f.percent),
          base_revision: baseRevision,
          reason,
          ...(f.guarded && { plan: plan() }),
        });
        onDone();
      }}
    >
      <SelectField
        label={t('canary.version')}
        options={versions.map((v) => [v, v] as const)}
        value={f.version}
        onChange={(version) => set({ version })}
      />
      {field('percent', t('canary.percent'), t('canary.percentHint'))}
      <div className="flex items-center gap-2">
        <input
          id={`${id}-guarded`}
          type="checkbox"
          checked={f.guarded}
          onChange={(e) => set({ guarded: e.target.checked })}
          className="size-5"
        />
        <label htmlFor={`${id}-guarded`} className="text-sm font-semibold">
          {t('canary.guarded')}
        </label>
      </div>
      {f.guarded ? (
        <fieldset className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">{t('canary.plan')}</legend>
          {floor ? (
            <p className="text-sm text-muted sm:col-span-2">
              {t('canary.floors', {
                summary: t('floors.summary', {
                  minutes: floor.step_minutes,
                  steps: floor.min_steps,
                  loads: floor.min_loads,
                  browsers: floor.min_browsers,
                  points: Number((floor.max_error_rate_increase * 100).toFixed(2)),
                }),
              })}
            </p>
          ) : null}
          {field('ramp', t('canary.ramp'), t('canary.rampHint'), 'text')}
          {field('stepMinutes', t('canary.stepMinutes'), undefined, 'decimal')}
          {field('maxIncrease', t('canary.maxIncrease'), t('canary.maxIncreaseHint'), 'decimal')}
          {field('minLoads', t('canary.minLoads'))}
          {field('maxLcp', t('canary.maxLcp'), t('canary.optional'))}
          {field('maxInp', t('canary.maxInp'), t('canary.optional'))}
        </fieldset>
      ) : null}
    </ChangeDialog>
  );
}
