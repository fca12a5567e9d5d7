import { useTranslation } from '../../lib/i18n/react';
import { Container } from '../../ui/Container';
import { CheckIcon } from '../../ui/icons';

function AudienceCard({ title, lead, items, tone }: { title: string; lead: string; items: string[]; tone: 'moss' | 'clay' }) {
  const card = tone === 'moss' ? 'bg-moss-50 border-moss-100' : 'bg-clay-50 border-clay-100';
  const tick = tone === 'moss' ? 'bg-moss-700' : 'bg-clay-700';
  return (
    <article className={`rounded-2xl border p-6 sm:p-8 ${card}`}>
      <h3 className="text-2xl font-semibold">{title}</h3>
      <p className="mt-1 text-ink-muted">{lead}</p>
      <ul className="mt-6 space-y-4">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <span className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-white ${tick}`}>
              <CheckIcon width={15} height={15} />
            </span>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

export function Audiences() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="audiences-title" className="py-16 sm:py-20">
      <Container>
        <h2 id="audiences-title" className="max-w-2xl text-3xl font-semibold sm:text-4xl">
          {t('home.audiences.title')}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <AudienceCard
            tone="moss"
            title={t('home.audiences.buyers.title')}
            lead={t('home.audiences.buyers.lead')}
            items={[
              t('home.audiences.buyers.items.makers'),
              t('home.audiences.buyers.items.quotes'),
              t('home.audiences.buyers.items.chat'),
              t('home.audiences.buyers.items.tracking'),
            ]}
          />
          <AudienceCard
            tone="clay"
            title={t('home.audiences.makers.title')}
            lead={t('home.audiences.makers.lead')}
            items={[
              t('home.audiences.makers.items.storefront'),
              t('home.audiences.makers.items.languages'),
              t('home.audiences.makers.items.payments'),
              t('home.audiences.makers.items.custom'),
            ]}
          />
        </div>
      </Container>
    </section>
  );
}
