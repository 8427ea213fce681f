import type { User } from '@mchezo/host/types';
import { dateTimeFormat } from '@mchezo/i18n/intl';
import { type ReactNode, useId } from 'react';
import { useProfileTranslation } from '../i18n/namespace.ts';
import { AccountStatusBadge } from './account-status-badge.tsx';

/** Month and year of an ISO date in the player's language, e.g. "January 2026" / "Januari 2026". */
function formatMemberSince(iso: string, locale: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(date);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2.5">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words">{children}</dd>
    </div>
  );
}

/** Where a value goes while the player is not known yet: a box of the value's height. */
const Blank = ({ className = 'h-5 w-24' }: { className?: string }) => (
  <span aria-hidden="true" className={`inline-block rounded bg-surface-2 align-middle ${className}`} />
);

/**
 * Who is signed in: the player's initial and name, email, member since, status and roles. With
 * no player yet (the session is still being restored, and the build-time first screen) it draws
 * the same card with its labels and blank values, so nothing moves when the player arrives.
 */
export function AccountDetails({ user }: { user: User | null }) {
  const { t, locale } = useProfileTranslation();
  const headingId = useId();
  const displayName = user ? user.phone || user.username : '';
  const memberSince = user ? formatMemberSince(user.created_at, locale) : null;
  const roles = user ? (user.roles.length > 0 ? user.roles : [user.role]) : [];
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-surface p-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand/15 text-lg font-bold text-brand"
        >
          {/* The name's first letter; for a phone, its first digit (not the "+"). */}
          {user
            ? (user.full_name || displayName)
                .replace(/^[^\p{L}\p{N}]+/u, '')
                .charAt(0)
                .toUpperCase() || '?'
            : null}
        </span>
        <div className="min-w-0">
          <p className="text-xs text-muted">{t('details.signedInAs')}</p>
          <h2 id={headingId} className="truncate text-lg font-bold">
            {user ? displayName : <Blank className="h-5 w-36" />}
          </h2>
          {user?.full_name ? <p className="truncate text-sm text-muted">{user.full_name}</p> : null}
        </div>
      </div>
      <dl className="mt-3 divide-y divide-line border-t border-line text-sm">
        <Row label={t('details.email')}>
          {!user ? (
            <Blank />
          ) : user.email ? (
            user.email
          ) : (
            <span className="text-muted italic">{t('details.emailMissing')}</span>
          )}
        </Row>
        {!user || memberSince ? <Row label={t('details.memberSince')}>{memberSince ?? <Blank />}</Row> : null}
        <Row label={t('details.status')}>
          {user ? <AccountStatusBadge status={user.status} /> : <Blank />}
        </Row>
        <Row label={t('details.roles')}>
          {user ? (
            <ul className="flex flex-wrap justify-end gap-1.5">
              {roles.map((role) => (
                <li key={role} className="rounded-md bg-surface-2 px-2 py-0.5 text-xs">
                  {t(`roles.${role}`, { defaultValue: role })}
                </li>
              ))}
            </ul>
          ) : (
            <Blank className="h-5 w-12" />
          )}
        </Row>
      </dl>
    </section>
  );
}
