/**
 * What a screen that failed to load or crashed shows, instead of the router's developer page.
 * After a new staff build, an open tab's old screen files are gone (ChunkLoadError): reloading
 * fetches the new ones (and, the token being in memory only, asks to sign in again).
 */
import { Button } from '@mchezo/ui/button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

const isChunkError = (error: unknown) =>
  error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk/i.test(error.message));

/** `inLayout`: a screen's error inside the signed-in frame (which has the page's <main> already). */
export function RouteError({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const updated = isChunkError(error);
  const Frame = inLayout ? 'div' : 'main';
  return (
    <Frame {...(!inLayout && { id: 'main' })} className="mx-auto max-w-xl space-y-4 p-6">
      <h1 className="text-2xl font-bold">
        {updated ? t('routeError.updatedTitle') : t('states.errorTitle')}
      </h1>
      <p className="text-muted">{updated ? t('routeError.updatedBody') : t('routeError.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </Frame>
  );
}
