import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { useSaferGambling } from '../api/safer-gambling.ts';
import { ActivityStatement } from '../components/safer/activity-statement.tsx';
import { LimitsForm } from '../components/safer/limits-form.tsx';
import { RealityCheckForm } from '../components/safer/reality-check-form.tsx';
import { TakeABreak } from '../components/safer/take-a-break.tsx';
import { useProfileTranslation } from '../i18n/namespace.ts';
import '../styles.css';

/**
 * `/safer-gambling` (docs/product-rules.md#safer-gambling): deposit, loss and stake limits, time-out,
 * self-exclusion, the reality check and the activity statement. The API enforces every one.
 */
export default function SaferGamblingPage() {
  const { t, ready } = useProfileTranslation();
  const state = useSaferGambling();
  if (!ready) return <Spinner label="…" className="min-h-[50vh]" />;
  return (
    <div className="space-y-4 px-3 py-4">
      <h1 className="text-xl font-bold">{t('safer.title')}</h1>
      <p className="text-sm text-muted">{t('safer.intro')}</p>
      {state.isPending ? (
        <Spinner label={t('safer.loading')} className="min-h-[30vh]" />
      ) : state.isError ? (
        <div role="alert" className="space-y-2 rounded-xl border border-danger bg-danger/10 p-4 text-sm">
          <p>{t('safer.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void state.refetch()} disabled={state.isFetching}>
            {state.isFetching ? t('safer.loading') : t('safer.retry')}
          </Button>
        </div>
      ) : (
        <>
          <LimitsForm kind="deposit" state={state.data} />
          <LimitsForm kind="loss" state={state.data} />
          <LimitsForm kind="stake" state={state.data} />
          <TakeABreak restriction={state.data.restriction} />
          <RealityCheckForm minutes={state.data.reality_check_minutes} />
        </>
      )}
      <ActivityStatement />
    </div>
  );
}
