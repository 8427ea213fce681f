/**
 * The player's identity: status, name, document type, the ID number and date of birth MASKED;
 * "Reveal" asks for a reason (written to the staff audit) and shows the one field until "Hide".
 * A revealed value lives in this component's state only.
 */
import type { Player360 } from '@mchezo/contracts/staff-players';
import type { RevealField } from '@mchezo/contracts/staff-players-constants';
import { Button } from '@mchezo/ui/button';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revealField } from '../../api/players.ts';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { Empty } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { useFormat } from './format.ts';
import { Facts, Section } from './player-status.tsx';

type Identity = Player360['identity'];
type Check = Identity['checks'][number];

const TONE = { confirmed: 'success', pending: 'warning', rejected: 'danger', none: 'neutral' } as const;

export function IdentitySection({ userId, identity }: { userId: string; identity: Identity }) {
  const { t } = useTranslation('players');
  const format = useFormat();
  const [asking, setAsking] = useState<RevealField | null>(null);
  const [shown, setShown] = useState<Partial<Record<RevealField, string>>>({});

  const masked: Record<RevealField, string | null> = {
    id_number: identity.id_number_masked,
    date_of_birth: identity.date_of_birth_masked,
  };
  const field = (name: RevealField) => {
    const value = shown[name];
    if (masked[name] === null) return '—';
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <span className="font-mono">{value ?? masked[name]}</span>
        {value ? (
          <Button variant="ghost" onClick={() => setShown((s) => ({ ...s, [name]: undefined }))}>
            {t('identity.hide')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setAsking(name)}>
            {t(`identity.reveal.${name}`)}
          </Button>
        )}
      </span>
    );
  };

  const columns: Column<Check>[] = [
    { key: 'at', header: t('identity.checkedAt'), cell: (c) => format.time(c.checked_at) },
    { key: 'status', header: t('identity.status'), cell: (c) => t(`identity.statuses.${c.status}`) },
    {
      key: 'doc',
      header: t('identity.document'),
      cell: (c) => `${t(`identity.documents.${c.document_type}`, c.document_type)} ····${c.document_last4}`,
    },
    { key: 'provider', header: t('identity.provider'), cell: (c) => c.provider },
    { key: 'reason', header: t('identity.reason'), cell: (c) => c.reason ?? '—' },
  ];

  return (
    <Section id="identity" title={t('identity.title')}>
      {identity.status === 'none' ? (
        <Empty title={t('identity.none')} />
      ) : (
        <>
          <Facts
            items={[
              [
                t('identity.status'),
                <StatusBadge key="s" tone={TONE[identity.status]}>
                  {t(`identity.statuses.${identity.status}`)}
                </StatusBadge>,
              ],
              [t('identity.fullName'), identity.full_name ?? '—'],
              [
                t('identity.documentType'),
                identity.document_type ? t(`identity.documents.${identity.document_type}`) : '—',
              ],
              [t('identity.idNumber'), field('id_number')],
              [t('identity.dateOfBirth'), field('date_of_birth')],
              ...(identity.reason ? [[t('identity.reason'), identity.reason] as [string, string]] : []),
            ]}
          />
          <h3 className="pt-2 font-semibold">{t('identity.checks')}</h3>
          {identity.checks.length === 0 ? (
            <Empty title={t('identity.noChecks')} />
          ) : (
            <Table
              caption={t('tableOf', { what: t('identity.checks') })}
              columns={columns}
              rows={identity.checks}
              rowKey={(c) => `${c.checked_at}-${c.provider}`}
            />
          )}
        </>
      )}
      <ReasonDialog
        open={asking !== null}
        title={asking ? t(`identity.reveal.${asking}`) : ''}
        description={t('identity.revealWhy')}
        confirmLabel={t('identity.revealConfirm')}
        busyLabel={t('identity.revealing')}
        onClose={() => setAsking(null)}
        onConfirm={async (reason) => {
          if (!asking) return;
          const { field: name, value } = await revealField(userId, asking, reason);
          setShown((s) => ({ ...s, [name]: value }));
        }}
      />
    </Section>
  );
}
