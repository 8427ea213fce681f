/**
 * The player 360: account and balances, identity (masked until revealed with a reason), limits
 * and restrictions, transactions with filters, game rounds, sessions with "Force logout", notes.
 * One page of sections (a jump list at the top), so a phone scrolls and a screen reader moves by
 * headings.
 */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { usePlayer } from '../../api/players.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useFormat } from './format.ts';
import { IdentitySection } from './identity-section.tsx';
import { LimitsSection } from './limits-section.tsx';
import { NotesSection } from './notes-section.tsx';
import { Facts, Section, StatusBadgeOf } from './player-status.tsx';
import { RoundsSection } from './rounds-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TransactionsSection } from './transactions-section.tsx';

const SECTIONS = ['account', 'identity', 'limits', 'transactions', 'rounds', 'sessions', 'notes'] as const;

export default function PlayerPage() {
  const { t } = useTranslation('players');
  const format = useFormat();
  const userId = useParams().userId ?? '';
  const player = usePlayer(userId);

  if (player.isPending) return <Loading label={t('player.loading')} />;
  if (player.isError)
    return (
      <div className="space-y-4">
        <PageHeader title={t('player.title')} />
        <ErrorState error={player.error} onRetry={() => player.refetch()} />
        <Link to="/players" className="text-brand underline">
          {t('player.back')}
        </Link>
      </div>
    );
  const { account, identity, limits, balances } = player.data;
  return (
    <div className="space-y-4">
      <PageHeader
        title={account.full_name ?? account.phone}
        description={account.full_name ? account.phone : undefined}
        actions={<StatusBadgeOf status={account.status} />}
      />
      <nav aria-label={t('player.jump')}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {SECTIONS.map((s) => (
            <li key={s}>
              <a
                href={`#${s}`}
                className="inline-flex min-h-11 items-center rounded-lg border border-line px-3 hover:border-brand"
              >
                {t(`player.sections.${s}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Section id="account" title={t('player.sections.account')}>
        <Facts
          items={[
            [t('account.phone'), account.phone],
            [t('account.name'), account.full_name ?? '—'],
            [t('account.status'), <StatusBadgeOf key="s" status={account.status} />],
            [t('account.joined'), format.time(account.created_at)],
            [t('account.lastSignIn'), format.time(account.last_sign_in_at)],
            [t('account.paybill'), account.paybill_account ?? t('account.noPaybill')],
            [t('account.openSessions'), String(account.open_sessions)],
          ]}
        />
        <h3 className="pt-2 font-semibold">{t('account.balances')}</h3>
        <Facts
          items={[
            [t('account.main'), format.cents(balances.main)],
            [t('account.withdrawal'), format.cents(balances.withdrawal)],
            [t('account.bonus'), format.cents(balances.bonus)],
          ]}
        />
      </Section>
      <IdentitySection userId={userId} identity={identity} />
      <LimitsSection limits={limits} />
      <TransactionsSection userId={userId} />
      <RoundsSection userId={userId} />
      <SessionsSection userId={userId} />
      <NotesSection userId={userId} />
    </div>
  );
}
