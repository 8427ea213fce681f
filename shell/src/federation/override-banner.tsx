import type { ReleaseOverrideInfo } from '@mchezo/contracts/releases';
import { useLanguage } from '@mchezo/i18n/namespace';
import { useTranslation } from '@mchezo/i18n/react';
import { useEffect, useState } from 'react';
import { stopReleaseOverride } from './release-manifest.ts';
import { releaseManifest } from './remote-loader.ts';

/** A visible banner while a tester's release override is active, with a way out. */
export function OverrideBanner() {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  const [override, setOverride] = useState<ReleaseOverrideInfo | null>(null);
  useEffect(() => {
    releaseManifest().then(
      ({ manifest }) => setOverride(manifest.override ?? null),
      () => {},
    );
  }, []);
  if (!override) return null;
  const until = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(override.expires_at),
  );
  return (
    <div
      role="status"
      className="flex items-center gap-2 bg-warning px-3 py-2 text-xs font-semibold text-ink"
      data-testid="override-banner"
    >
      <span className="flex-1">
        {t('override.banner', { remote: override.remote, version: override.version, until })}
      </span>
      <button
        type="button"
        onClick={stopReleaseOverride}
        className="min-h-9 rounded-md bg-ink px-3 text-text underline-offset-2"
      >
        {t('override.stop')}
      </button>
    </div>
  );
}
