import { refusalMessage } from '@mchezo/api-client/errors';
import type { Restriction } from '@mchezo/contracts/safer-gambling';
import { SELF_EXCLUSION_LENGTHS, TIME_OUT_LENGTHS } from '@mchezo/contracts/safer-gambling-constants';
import { useHost } from '@mchezo/host/context';
import { kenyaDateTime } from '@mchezo/i18n/intl';
import { Alert } from '@mchezo/ui/alert';
import { Button } from '@mchezo/ui/button';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useEffect, useRef, useState } from 'react';
import { type Restrict, useRestrict } from '../../api/safer-gambling.ts';
import { useProfileTranslation } from '../../i18n/namespace.ts';
import { ChoiceGroup, SaferSection } from './section.tsx';

type Kind = Restrict['kind'];
const LENGTHS = { time_out: TIME_OUT_LENGTHS, self_exclusion: SELF_EXCLUSION_LENGTHS } as const;

/** One of the two breaks: choose a length, then confirm on a second step that says it is final. */
function BreakChooser({ kind }: { kind: Kind }) {
  const { t } = useProfileTranslation();
  const host = useHost();
  const restrict = useRestrict();
  const [length, setLength] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const confirm = () =>
    restrict.mutate({ kind, length } as Restrict, {
      onSuccess: () => {
        setConfirming(false);
        host.toast.success(t(`safer.${kind}.done`));
      },
      onError: (error) => host.toast.error(t('safer.failed'), refusalMessage(error) ?? t('safer.tryAgain')),
    });

  const options = LENGTHS[kind].map((value) => ({
    value: value as string,
    label: t(`safer.lengths.${value}`),
  }));
  return (
    <SaferSection title={t(`safer.${kind}.title`)} intro={t(`safer.${kind}.intro`)}>
      {confirming && length ? (
        <fieldset
          ref={confirmRef}
          tabIndex={-1}
          className="space-y-3 rounded-lg border border-danger bg-danger/10 p-3 outline-none"
        >
          <legend className="float-left w-full font-semibold">
            {t(`safer.${kind}.confirmTitle`, { length: t(`safer.lengths.${length}`) })}
          </legend>
          <p className="text-sm">{t('safer.cannotUndo')}</p>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={restrict.isPending}>
              {t('safer.cancel')}
            </Button>
            <Button onClick={confirm} disabled={restrict.isPending} aria-disabled={restrict.isPending}>
              {restrict.isPending ? t('safer.saving') : t(`safer.${kind}.confirm`)}
            </Button>
          </div>
        </fieldset>
      ) : (
        <>
          <ChoiceGroup label={t('safer.length')} options={options} value={length} onChange={setLength} />
          <Button
            variant="secondary"
            className="w-full"
            disabled={!length}
            onClick={() => setConfirming(true)}
          >
            {t(`safer.${kind}.start`)}
          </Button>
        </>
      )}
    </SaferSection>
  );
}

/** Time-out and self-exclusion, or the one in force and when it ends. */
export function TakeABreak({ restriction }: { restriction: Restriction | null }) {
  const { t, locale } = useProfileTranslation();
  return (
    <>
      {restriction ? (
        <Alert tone="warning" title={t(`safer.${restriction.kind}.active`)}>
          <StatusBadge tone="warning">
            {t('safer.until', { date: kenyaDateTime(new Date(restriction.until), locale) })}
          </StatusBadge>
          <p className="mt-2">{t('safer.activeBody')}</p>
        </Alert>
      ) : null}
      {restriction?.kind === 'self_exclusion' ? null : <BreakChooser kind="time_out" />}
      <BreakChooser kind="self_exclusion" />
    </>
  );
}
