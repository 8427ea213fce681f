/** The threshold-transactions CSV (decision 043) for a range of East Africa Time days. */
import { Button } from '@mchezo/ui/button';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { thresholdCsv } from '../../api/compliance.ts';
import { saveFile } from '../../components/save-file.ts';
import { useErrorText } from '../../components/states.tsx';

const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

export function ThresholdDownload() {
  const { t } = useTranslation('compliance');
  const errorText = useErrorText();
  const [from, setFrom] = useState(() => `${today().slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      saveFile(await thresholdCsv(from, to), `threshold-transactions-${from}-${to}.csv`);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="threshold-title" className="space-y-3 rounded-lg border border-line p-4">
      <h2 id="threshold-title" className="font-bold">
        {t('threshold.title')}
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor="threshold-from" className="block text-sm font-semibold">
            {t('filters.from')}
          </label>
          <input
            id="threshold-from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="h-10 rounded-lg border border-line bg-surface px-2"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="threshold-to" className="block text-sm font-semibold">
            {t('filters.to')}
          </label>
          <input
            id="threshold-to"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="h-10 rounded-lg border border-line bg-surface px-2"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? t('downloading') : t('threshold.download')}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
