/** The threshold-transactions CSV (decision 043) for a range of East Africa Time days. */
import { Button } from '@mchezo/ui/button';
import { TextField } from '@mchezo/ui/fields';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { thresholdCsv } from '../../api/compliance.ts';
import { eatDay } from '../../components/format.ts';
import { saveFile } from '../../components/save-file.ts';
import { useErrorText } from '../../components/states.tsx';

const today = () => eatDay(0);

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
        {(
          [
            ['from', from, setFrom],
            ['to', to, setTo],
          ] as const
        ).map(([key, value, setValue]) => (
          <div key={key} className="w-44">
            <TextField label={t(`filters.${key}`)} type="date" value={value} onChange={setValue} />
          </div>
        ))}
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
