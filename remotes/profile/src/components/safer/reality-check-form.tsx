import { refusalMessage } from '@mchezo/api-client/errors';
import { REALITY_CHECK_MINUTES } from '@mchezo/contracts/safer-gambling-constants';
import { useHost } from '@mchezo/host/context';
import { Button } from '@mchezo/ui/button';
import { type FormEvent, useState } from 'react';
import { useSetRealityCheck } from '../../api/safer-gambling.ts';
import { useProfileTranslation } from '../../i18n/namespace.ts';
import { ChoiceGroup, SaferSection } from './section.tsx';

type Choice = 'off' | `${(typeof REALITY_CHECK_MINUTES)[number]}`;

/** How often a game page stops to show the time played and the result: 15, 30, 60 min or off. */
export function RealityCheckForm({ minutes }: { minutes: number | null }) {
  const { t } = useProfileTranslation();
  const host = useHost();
  const save = useSetRealityCheck();
  const [choice, setChoice] = useState<Choice>(minutes === null ? 'off' : (String(minutes) as Choice));
  const options: { value: Choice; label: string }[] = [
    ...REALITY_CHECK_MINUTES.map((m) => ({
      value: String(m) as Choice,
      label: t('safer.reality.minutes', { count: m }),
    })),
    { value: 'off' as Choice, label: t('safer.reality.off') },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = choice === 'off' ? null : (Number(choice) as 15 | 30 | 60);
    save.mutate(
      { minutes: next },
      {
        onSuccess: () => host.toast.success(t('safer.reality.saved')),
        onError: (error) => host.toast.error(t('safer.failed'), refusalMessage(error) ?? t('safer.tryAgain')),
      },
    );
  };
  return (
    <SaferSection title={t('safer.reality.title')} intro={t('safer.reality.intro')}>
      <form onSubmit={submit} className="space-y-3" aria-busy={save.isPending}>
        <ChoiceGroup<Choice>
          label={t('safer.reality.every')}
          options={options}
          value={choice}
          onChange={setChoice}
          columns={4}
        />
        <Button type="submit" variant="secondary" className="w-full" disabled={save.isPending}>
          {save.isPending ? t('safer.saving') : t('safer.reality.save')}
        </Button>
      </form>
    </SaferSection>
  );
}
