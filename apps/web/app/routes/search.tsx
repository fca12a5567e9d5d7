import { useTranslation } from 'react-i18next';
import type { Route } from './+types/search';
import { pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';
import { SearchIcon } from '../ui/icons';

export function loader({ request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 120);
  return { query };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('search.title'), noIndex: true }));

/** Search results. The catalogue has no products yet, so every search says so (seed §8). */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query } = loaderData;
  return (
    <Container className="py-12 sm:py-16">
      <h1 className="text-4xl font-semibold">{query ? t('search.resultsFor', { query }) : t('search.title')}</h1>
      <div className="mt-8 flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
        <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-moss-50 text-moss-700">
          <SearchIcon width={30} height={30} />
        </span>
        {query ? (
          <>
            <p className="mt-6 text-2xl font-semibold text-moss-900 first-letter:uppercase" data-testid="search-empty">
              {t('search.empty')}
            </p>
            <p className="mt-2 text-ink-muted">{t('search.hint')}</p>
          </>
        ) : (
          <p className="mt-6 text-lg text-ink-muted">{t('search.prompt')}</p>
        )}
      </div>
    </Container>
  );
}
