import type { Route } from './+types/faq';
import { ContentPage } from '../features/content/ContentPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t('pages.faq.title'), description: t('pages.faq.description') }));

export default function Faq() {
  return <ContentPage page="faq" />;
}
