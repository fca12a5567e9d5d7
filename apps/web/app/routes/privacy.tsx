import type { Route } from './+types/privacy';
import { ContentPage } from '../features/content/ContentPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t('pages.privacy.title'), description: t('pages.privacy.description') }));

export default function Privacy() {
  return <ContentPage page="privacy" />;
}
