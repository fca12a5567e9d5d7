import type { Route } from './+types/terms';
import { ContentPage } from '../features/content/ContentPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t('pages.terms.title'), description: t('pages.terms.description') }));

export default function Terms() {
  return <ContentPage page="terms" />;
}
