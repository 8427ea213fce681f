/**
 * Administration: every staff member (search by name or phone), each linking to their page, and
 * granting a role to an account found by phone.
 */
import type { StaffMember } from '@mchezo/contracts/staff';
import { TextField } from '@mchezo/ui/fields';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { peopleQuery } from '../../api/people.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { GrantByPhone } from './grant-by-phone.tsx';
import { RoleBadges } from './role-badges.tsx';

function matches(person: StaffMember, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/\D/g, '');
  return (
    (person.full_name ?? '').toLowerCase().includes(q) ||
    (digits !== '' && person.phone.replace(/\D/g, '').includes(digits))
  );
}

export default function PeoplePage() {
  const { t } = useTranslation('admin');
  const people = useQuery(peopleQuery());
  const [search, setSearch] = useState('');

  const columns: Column<StaffMember>[] = [
    {
      key: 'who',
      header: t('people.person'),
      cell: (p) => (
        <Link to={`/admin/people/${p.user_id}`} className="font-semibold text-brand underline">
          {p.full_name || p.phone}
        </Link>
      ),
    },
    { key: 'phone', header: t('people.phone'), cell: (p) => p.phone },
    { key: 'roles', header: t('people.roles'), cell: (p) => <RoleBadges roles={p.roles} /> },
    {
      key: 'factor',
      header: t('people.authenticator'),
      cell: (p) => (p.two_factor ? t('people.enrolled') : t('people.notEnrolled')),
    },
    {
      key: 'codes',
      header: t('people.recoveryLeft'),
      numeric: true,
      cell: (p) => (p.two_factor ? p.recovery_codes_left : ''),
    },
  ];

  const shown = (people.data ?? []).filter((p) => matches(p, search));
  return (
    <div className="space-y-8">
      <PageHeader title={t('people.title')} description={t('people.description')} />
      <section aria-labelledby="people-title" className="space-y-4">
        <h2 id="people-title" className="text-lg font-semibold">
          {t('people.listTitle')}
        </h2>
        <div className="max-w-md">
          <TextField
            label={t('people.search')}
            type="search"
            value={search}
            onChange={setSearch}
            className="w-full"
          />
        </div>
        {people.isPending ? <Loading /> : null}
        {people.isError ? <ErrorState error={people.error} onRetry={() => void people.refetch()} /> : null}
        {people.isSuccess && shown.length === 0 ? (
          <Empty title={search.trim() ? t('people.noMatch') : t('people.none')} />
        ) : null}
        {shown.length > 0 ? (
          <Table caption={t('people.listTitle')} columns={columns} rows={shown} rowKey={(p) => p.user_id} />
        ) : null}
      </section>
      <GrantByPhone />
    </div>
  );
}
