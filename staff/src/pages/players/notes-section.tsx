/** Notes by staff on the player: newest first, who and when; a form adds one. */
import { PLAYER_NOTE_MAX } from '@mchezo/contracts/staff-players-constants';
import { Button } from '@mchezo/ui/button';
import { inputClass } from '@mchezo/ui/fields';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddNote, usePlayerNotes } from '../../api/players.ts';
import { Empty, ErrorState, Loading, useErrorText } from '../../components/states.tsx';
import { useFormat } from './format.ts';
import { Section } from './player-status.tsx';

export function NotesSection({ userId }: { userId: string }) {
  const { t } = useTranslation('players');
  const format = useFormat();
  const errorText = useErrorText();
  const id = useId();
  const notes = usePlayerNotes(userId);
  const add = useAddNote(userId);
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    try {
      await add.mutateAsync(text.trim());
      setText('');
    } catch {
      // Shown below from add.error.
    }
  };

  return (
    <Section id="notes" title={t('notes.title')}>
      <form onSubmit={submit} className="space-y-2" noValidate>
        <label htmlFor={`${id}-text`} className="block text-sm font-semibold">
          {t('notes.add')}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          maxLength={PLAYER_NOTE_MAX}
          aria-invalid={empty || undefined}
          aria-describedby={`${id}-error`}
          className={`${inputClass(empty)} w-full py-2`}
        />
        <p id={`${id}-error`} aria-live="polite" className="min-h-4 text-xs text-danger">
          {empty ? t('notes.empty') : add.isError ? errorText(add.error) : ''}
        </p>
        <Button type="submit" disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {add.isPending ? t('notes.saving') : t('notes.save')}
        </Button>
      </form>
      {notes.isPending ? (
        <Loading />
      ) : notes.isError ? (
        <ErrorState error={notes.error} onRetry={() => notes.refetch()} />
      ) : notes.data.notes.length === 0 ? (
        <Empty title={t('notes.none')} />
      ) : (
        <ol className="space-y-3">
          {notes.data.notes.map((n) => (
            <li key={n.id} className="rounded-lg border border-line p-3">
              <p className="whitespace-pre-wrap break-words">{n.text}</p>
              <p className="mt-1 text-xs text-muted">
                {t('notes.by', { who: n.author, when: format.time(n.created_at) })}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
