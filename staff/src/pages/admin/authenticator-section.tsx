import type { IssueEnrolmentResponse, StaffMember } from '@mchezo/contracts/staff';
import { Alert } from '@mchezo/ui/alert';
import { Button } from '@mchezo/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueEnrolmentCode, peopleKeys, resetAuthenticator } from '../../api/people.ts';
import { toast } from '../../app/toaster.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { adminError } from './admin-errors.ts';

/**
 * The person's authenticator: enrolled or not, an enrolment code for them (shown this once, with
 * its expiry: the API keeps only its hash) and a reset when they lost their phone.
 */
export function AuthenticatorSection({ person }: { person: StaffMember }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'issue' | 'reset' | null>(null);
  const [issued, setIssued] = useState<IssueEnrolmentResponse | null>(null);
  const who = person.full_name || person.phone;

  const run = async (reason: string) => {
    if (asking === 'issue') {
      setIssued(await issueEnrolmentCode(person.user_id, reason));
    } else {
      await resetAuthenticator(person.user_id, reason);
      setIssued(null);
      await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      toast.success(t('authenticator.resetDone', { who }));
    }
  };

  return (
    <section
      aria-labelledby="authenticator-title"
      className="space-y-4 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id="authenticator-title" className="text-lg font-semibold">
        {t('authenticator.title')}
      </h2>
      <p className="text-sm">
        {person.two_factor
          ? t('authenticator.enrolled', { count: person.recovery_codes_left })
          : t('authenticator.notEnrolled')}
      </p>
      {issued ? (
        <Alert title={t('authenticator.codeTitle')}>
          <p className="my-2 font-mono text-lg text-text" data-testid="enrolment-code">
            {issued.enrolment_code}
          </p>
          <p>{t('authenticator.codeBody', { expires: formatDateTime(issued.expires_at) })}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {!person.two_factor ? (
          <Button variant="secondary" onClick={() => setAsking('issue')}>
            {t('authenticator.issue')}
          </Button>
        ) : null}
        {person.two_factor ? (
          <Button variant="danger" onClick={() => setAsking('reset')}>
            {t('authenticator.reset')}
          </Button>
        ) : null}
      </div>
      <ReasonDialog
        open={asking !== null}
        title={
          asking === 'reset' ? t('authenticator.resetTitle', { who }) : t('authenticator.issueTitle', { who })
        }
        description={asking === 'reset' ? t('authenticator.resetBody') : t('authenticator.issueBody')}
        confirmLabel={asking === 'reset' ? t('authenticator.reset') : t('authenticator.issue')}
        busyLabel={asking === 'reset' ? t('authenticator.resetting') : t('authenticator.issuing')}
        danger={asking === 'reset'}
        onConfirm={run}
        onClose={() => setAsking(null)}
        describeError={(err) => adminError(err, t)}
      />
    </section>
  );
}
