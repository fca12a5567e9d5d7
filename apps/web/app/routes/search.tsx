import { useTranslation } from '../lib/i18n/react';
import type { Route } from './+types/search';
import { ListingView } from '../features/catalog/components/ListingView';
import { loadListing } from '../features/catalog/listing-loader';
import { pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';

export function loader(args: Route.LoaderArgs) {
  return loadListing(args);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: args.data?.state.q ? t('search.resultsFor', { query: args.data.state.q }) : t('search.title'),
    noIndex: true,
  }));

/** Search results and the full listing: sort, filters with counts, load more. */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const { state } = loaderData;
  return (
    <Container>
      <ListingView
        data={loaderData}
        links={{ basePath: '/search', fixed: [] }}
        heading={
          <h1 className="text-3xl font-semibold [overflow-wrap:anywhere] sm:text-4xl" data-testid="listing-title">
            {state.q ? t('listing.resultsFor', { query: state.q }) : t('listing.allProducts')}
          </h1>
        }
      />
    </Container>
  );
}
