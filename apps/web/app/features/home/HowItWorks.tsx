import { useTranslation } from '../../lib/i18n/react';
import { formatNumber } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { Container } from '../../ui/Container';
import { SectionIntro } from './SectionIntro';

const STEPS = ['discover', 'ask', 'agree', 'receive'] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="border-y border-sand-200 bg-sand-100 py-16 sm:py-20">
      <Container>
        <SectionIntro id="how-title" title={t('home.how.title')} lead={t('home.how.lead')} />
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-2xl border border-sand-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-clay-600 font-serif text-lg font-semibold text-white"
              >
                {formatNumber(index + 1, language)}
              </span>
              <h3 className="mt-4 text-xl font-semibold">{t(`home.how.steps.${step}.title`)}</h3>
              <p className="mt-2 text-ink-muted">{t(`home.how.steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
