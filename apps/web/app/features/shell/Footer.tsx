import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { Container } from '../../ui/Container';
import { LogoMark } from '../../ui/Logo';

const FOOTER_LINK = 'rounded text-sand-100 underline-offset-4 hover:text-white hover:underline';

/** The footer's link columns: heading id, heading text and (path, text) links. */
const FOOTER_COLUMNS = [
  {
    id: 'footer-explore',
    heading: 'footer.explore',
    links: [
      ['/', 'footer.home'],
      ['/cart', 'footer.cart'],
      ['/account', 'footer.account'],
    ],
  },
  {
    id: 'footer-company',
    heading: 'footer.company',
    links: [
      ['/about', 'footer.about'],
      ['/faq', 'footer.faq'],
      ['/blog', 'footer.blog'],
      ['/contact', 'footer.contact'],
      ['/privacy', 'footer.privacy'],
      ['/terms', 'footer.terms'],
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="on-dark mt-20 bg-moss-900 text-sand-100">
      <Container className="grid gap-10 py-12 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <div className="flex items-center gap-2.5">
            <LogoMark size={30} />
            <span lang="en" dir="ltr" className="font-serif text-xl font-semibold text-white">
              Tessera
            </span>
          </div>
          <p className="mt-4 text-sm leading-6 text-sand-200">{t('footer.tagline')}</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.id} aria-labelledby={column.id}>
            <h2 id={column.id} className="font-sans text-sm font-semibold uppercase tracking-wider text-ochre-300">
              {t(column.heading)}
            </h2>
            <ul className="mt-4 space-y-2.5 text-sm">
              {column.links.map(([to, label]) => (
                <li key={to}>
                  <Link className={FOOTER_LINK} to={to}>
                    {t(label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-white/10">
        <Container className="py-5 text-sm text-sand-200">{t('footer.rights', { year })}</Container>
      </div>
    </footer>
  );
}
