import { Link } from '@mchezo/host/router';
import { useNamespace } from '@mchezo/i18n/namespace';
import { useTranslation } from '@mchezo/i18n/react';
import { Spinner } from '@mchezo/ui/spinner';
import { useEffect, useRef } from 'react';
import { useConfigStore } from '../../stores/config.store.ts';
import {
  LEGAL_NS,
  type LegalPageKey,
  type LegalSection,
  legalLoaders,
  toSections,
} from './legal-namespace.ts';

/** The same support contacts as the footer (`layout/footer.tsx`). */
const SUPPORT_EMAIL = 'support@mchezo.co.ke';
const SUPPORT_PHONE = '+254 700 000 000';

const PAGES: { key: LegalPageKey; path: string }[] = [
  { key: 'terms', path: '/terms' },
  { key: 'privacy', path: '/privacy' },
  { key: 'responsible', path: '/responsible-gaming' },
];

const linkClass = 'font-semibold text-brand underline';

/**
 * One legal page: its text is data in the `legal` namespace (title, intro, sections of
 * paragraphs and lists), so the three pages share one layout and translators see whole sections.
 */
export function LegalDocument({ page }: { page: LegalPageKey }) {
  const ready = useNamespace(LEGAL_NS, legalLoaders);
  const { t } = useTranslation(LEGAL_NS);
  const { t: shellT } = useTranslation('shell');
  // The regulator and the licence number are the operator's configuration, as in the footer.
  const { regulator_name, licence_number } = useConfigStore((s) => s.config.regulation);
  const heading = useRef<HTMLHeadingElement>(null);
  const title = ready ? t(`${page}.title`) : '';

  useEffect(() => {
    if (!ready) return;
    // The footer's links leave the window scrolled to the bottom: start at the top (or at the
    // section in the address), and move focus so a screen reader announces the new page.
    const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    if (target) target.scrollIntoView?.();
    else window.scrollTo?.(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, [ready]);

  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Mchezo`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  if (!ready) return <Spinner label={shellT('remote.loading')} className="min-h-[50vh]" />;

  const sections = toSections(t(`${page}.sections`, { returnObjects: true }));
  const sectionId = (i: number) => `${page}-${i + 1}`;

  return (
    <article aria-labelledby={`${page}-title`} className="space-y-6 px-4 py-6 text-sm leading-relaxed">
      <header className="space-y-2">
        <h1 id={`${page}-title`} ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          {title}
        </h1>
        <p className="text-xs text-muted">{t('updated')}</p>
        <p>{t(`${page}.intro`)}</p>
      </header>

      <details className="rounded-lg border border-line bg-surface">
        <summary className="cursor-pointer px-3 py-3 font-semibold">{t('contents')}</summary>
        <nav aria-label={t('contents')}>
          <ol className="list-decimal space-y-1 pr-3 pb-3 pl-8">
            {sections.map((s, i) => (
              <li key={s.heading}>
                <a href={`#${sectionId(i)}`} className="inline-block py-1.5 text-brand underline">
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </details>

      {sections.map((s, i) => (
        <Section key={s.heading} id={sectionId(i)} section={s} />
      ))}

      <footer className="space-y-4 border-t border-line pt-4">
        <p className="text-xs text-muted">
          {licence_number
            ? t('licenceNumber', { regulator: regulator_name, number: licence_number })
            : t('licence', { regulator: regulator_name })}
        </p>
        <nav aria-label={t('related')}>
          <ul className="space-y-1">
            {PAGES.filter((p) => p.key !== page).map((p) => (
              <li key={p.key}>
                <Link to={p.path} className={`inline-flex min-h-11 items-center ${linkClass}`}>
                  {t(`${p.key}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/" className={`inline-flex min-h-11 items-center ${linkClass}`}>
          {t('home')}
        </Link>
      </footer>
    </article>
  );
}

function Section({ id, section }: { id: string; section: LegalSection }) {
  return (
    <section id={id} aria-labelledby={`${id}-h`} className="scroll-mt-16 space-y-2">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {section.heading}
      </h2>
      {section.paragraphs?.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {section.items ? (
        <ul className="list-disc space-y-1 pl-5">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {section.note ? <p>{section.note}</p> : null}
      {section.safer ? (
        <p>
          <Link to="/safer-gambling" className={`inline-flex min-h-11 items-center ${linkClass}`}>
            {section.safer}
          </Link>
        </p>
      ) : null}
      {section.contact ? <SupportContacts lead={section.contact} /> : null}
    </section>
  );
}

function SupportContacts({ lead }: { lead: string }) {
  const { t } = useTranslation(LEGAL_NS);
  return (
    <div className="rounded-lg border border-line bg-surface px-3 py-2">
      <p>{lead}</p>
      <ul>
        <li>
          <span className="text-muted">{t('email')} </span>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={`inline-flex min-h-11 items-center ${linkClass}`}>
            {SUPPORT_EMAIL}
          </a>
        </li>
        <li>
          <span className="text-muted">{t('phone')} </span>
          <a
            href={`tel:${SUPPORT_PHONE.replaceAll(' ', '')}`}
            className={`inline-flex min-h-11 items-center ${linkClass}`}
          >
            {SUPPORT_PHONE}
          </a>
        </li>
      </ul>
    </div>
  );
}
