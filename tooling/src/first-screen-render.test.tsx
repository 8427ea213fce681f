import { useAuth } from '@mchezo/host/context';
import { useQuery } from '@mchezo/host/query';
import { Link, useParams, useSearchParams } from '@mchezo/host/router';
import { createNamespace } from '@mchezo/i18n/namespace';
import { describe, expect, it } from 'vitest';
import { renderFirstScreen } from './first-screen-render.tsx';

const strings = (greeting: string) => async () => ({ default: { greeting } });
const useDemoTranslation = createNamespace('first-screen-demo', {
  en: strings('Hello {{title}}'),
  es: strings('Hola {{title}}'),
  fr: strings('Bonjour {{title}}'),
  sw: strings('Habari {{title}}'),
});

/** A page that shows what it knows when the HTML arrives. */
function DemoPage() {
  const { t, ready } = useDemoTranslation();
  const auth = useAuth();
  const { title = '' } = useParams();
  const [params] = useSearchParams();
  const balance = useQuery({ queryKey: ['demo-balance'], queryFn: async () => 5 });
  if (!ready) return <p>not ready</p>;
  return (
    <main>
      <h1>{t('greeting', { title })}</h1>
      <p>{auth.isLoading ? 'session unknown' : auth.user ? 'player' : 'guest'}</p>
      <p>{balance.isPending ? 'balance pending' : balance.data}</p>
      <p>game {params.get('gameId')}</p>
      <Link to="/join">join</Link>
    </main>
  );
}

describe('renderFirstScreen', () => {
  it('renders the page in the language asked for, before the session and any answer are known', async () => {
    const options = { url: '/game/[[title]]?gameId=[[gameId]]', route: '/game/:title' };
    const sw = await renderFirstScreen(DemoPage, { ...options, language: 'sw' });
    expect(sw).toContain('<h1>Habari [[title]]</h1>');
    expect(sw).toContain('<p>session unknown</p><p>balance pending</p><p>game [[gameId]]</p>');
    expect(sw).toContain('href="/join"');
    expect(sw).not.toMatch(/<script/);
    const fr = await renderFirstScreen(DemoPage, { ...options, language: 'fr' });
    expect(fr).toContain('<h1>Bonjour [[title]]</h1>');
  });
});
