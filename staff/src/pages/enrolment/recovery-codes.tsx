/** The 10 recovery codes, shown once: a list to copy and a "Download" of the same as a text file. */
import { Button } from '@mchezo/ui/button';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../components/save-file.ts';

/** The text file's content: a line of context, then one code a line. */
export function recoveryFile(codes: string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

export function RecoveryCodes({ codes, phone }: { codes: string[]; phone: string }) {
  const { t } = useTranslation('access');
  return (
    <section
      aria-labelledby="recovery-title"
      className="space-y-3 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id="recovery-title" className="font-semibold">
        {t('enrol.recoveryTitle')}
      </h2>
      <p className="text-sm text-muted">{t('enrol.recoveryBody')}</p>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label={t('enrol.recoveryTitle')}>
        {codes.map((c) => (
          <li key={c} className="rounded bg-surface-2 px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        onClick={() =>
          saveFile(
            recoveryFile(codes, t('enrol.recoveryFileHeading', { phone })),
            'mchezo-staff-recovery-codes.txt',
          )
        }
      >
        {t('enrol.download')}
      </Button>
    </section>
  );
}
