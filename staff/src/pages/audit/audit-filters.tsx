/** The audit's filters: who did it, to which player, which action, and a range of days. */
import { Button } from '@mchezo/ui/button';
import { TextField } from '@mchezo/ui/fields';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilters } from '../../api/audit.ts';

const FIELDS = ['actor', 'player', 'action', 'from', 'to'] as const;

export function AuditFiltersForm({
  value,
  onApply,
}: {
  value: AuditFilters;
  onApply(filters: AuditFilters): void;
}) {
  const { t } = useTranslation('audit');
  const [draft, setDraft] = useState<AuditFilters>(value);
  const set = (key: keyof AuditFilters) => (v: string) => setDraft((d) => ({ ...d, [key]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean: AuditFilters = {};
    for (const key of FIELDS) {
      const v = draft[key]?.trim();
      if (v) clean[key] = v;
    }
    onApply(clean);
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-line bg-surface p-4"
      aria-label={t('filters.title')}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label={t('filters.actor')}
          hint={t('filters.idHint')}
          value={draft.actor ?? ''}
          onChange={set('actor')}
          spellCheck={false}
          className="w-full"
        />
        <TextField
          label={t('filters.player')}
          hint={t('filters.idHint')}
          value={draft.player ?? ''}
          onChange={set('player')}
          spellCheck={false}
          className="w-full"
        />
        <TextField
          label={t('filters.action')}
          hint={t('filters.actionHint')}
          value={draft.action ?? ''}
          onChange={set('action')}
          spellCheck={false}
          className="w-full"
        />
        <TextField
          label={t('filters.from')}
          type="date"
          value={draft.from ?? ''}
          onChange={set('from')}
          className="w-full"
        />
        <TextField
          label={t('filters.to')}
          type="date"
          value={draft.to ?? ''}
          onChange={set('to')}
          className="w-full"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t('filters.apply')}</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {t('filters.clear')}
        </Button>
      </div>
    </form>
  );
}
