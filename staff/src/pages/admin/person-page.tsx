/**
 * One staff member (administrators): their roles (grant and remove, with a reason), their
 * authenticator (an enrolment code shown once, a reset) and their staff sessions (end one).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { peopleQuery } from '../../api/people.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { AuthenticatorSection } from './authenticator-section.tsx';
import { RolesSection } from './roles-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

export default function PersonPage() {
  const { t } = useTranslation('admin');
  const { userId = '' } = useParams();
  const people = useQuery(peopleQuery());
  const person = people.data?.find((p) => p.user_id === userId);

  const back = (
    <Link to="/admin" className="font-semibold text-brand underline">
      {t('person.back')}
    </Link>
  );
  if (people.isPending) return <Loading />;
  if (people.isError) return <ErrorState error={people.error} onRetry={() => void people.refetch()} />;
  if (!person)
    return (
      <div className="space-y-4">
        <PageHeader title={t('person.notFoundTitle')} />
        <Empty title={t('person.notFound')} />
        {back}
      </div>
    );
  return (
    <div className="space-y-6">
      {back}
      <PageHeader title={person.full_name || person.phone} description={person.phone} />
      <RolesSection person={person} />
      <AuthenticatorSection person={person} />
      <SessionsSection person={person} />
    </div>
  );
}
