import { useTranslation } from '../../lib/i18n/react';
import { Container } from '../../ui/Container';
import type { ScreensTranslation } from '../../lib/i18n/screens';

export type ContentPageKey = keyof ScreensTranslation['pages'];

/** A simple translated text page (about, FAQ, privacy, terms). */
export function ContentPage({ page }: { page: ContentPageKey }) {
  const { t } = useTranslation('screens');
  const sections = t(`pages.${page}.sections`, { returnObjects: true }) as ReadonlyArray<{ heading: string; body: string }>;
  return (
    <Container className="py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <h1 className="text-4xl font-semibold sm:text-5xl">{t(`pages.${page}.title`)}</h1>
        <p className="mt-5 text-xl leading-8 text-ink-muted">{t(`pages.${page}.intro`)}</p>
        <div className="mt-10 space-y-8">
          {sections.map((section) => (
            <section key={section.heading} className="border-s-4 border-moss-300 ps-5">
              <h2 className="text-2xl font-semibold">{section.heading}</h2>
              <p className="mt-2 leading-7">{section.body}</p>
            </section>
          ))}
        </div>
      </article>
    </Container>
  );
}
