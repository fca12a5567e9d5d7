import type { Route } from './+types/home';
import { TradeEssentials } from '../features/config/TradeEssentials';
import { Audiences } from '../features/home/Audiences';
import { Hero } from '../features/home/Hero';
import { HowItWorks } from '../features/home/HowItWorks';
import { pageMeta, rootDataFrom } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => {
  const root = rootDataFrom(args);
  // The config's title and description are written in its default language; other languages get
  // the translated ones.
  if (!root || root.language === root.config.defaultLanguage) return pageMeta(args);
  return pageMeta(args, (t) => ({ title: t('home.metaTitle'), description: t('home.hero.lead') }));
};

export default function Home() {
  return (
    <>
      <Hero />
      <Audiences />
      <HowItWorks />
      <TradeEssentials />
    </>
  );
}
