import type { Route } from './+types/about';
import { ContentPage } from '../features/content/ContentPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t('pages.about.title'), description: t('pages.about.description') }));

export default function About() {
  return <ContentPage page="about" />;
}
