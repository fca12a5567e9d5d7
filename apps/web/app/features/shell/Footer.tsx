import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { Container } from '../../ui/Container';
import { LogoMark } from '../../ui/Logo';

const FOOTER_LINK = 'rounded text-sand-100 underline-offset-4 hover:text-white hover:underline';

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
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="font-sans text-sm font-semibold uppercase tracking-wider text-ochre-300">
            {t('footer.explore')}
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            <li><Link className={FOOTER_LINK} to="/">{t('footer.home')}</Link></li>
            <li><Link className={FOOTER_LINK} to="/cart">{t('footer.cart')}</Link></li>
            <li><Link className={FOOTER_LINK} to="/account">{t('footer.account')}</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="font-sans text-sm font-semibold uppercase tracking-wider text-ochre-300">
            {t('footer.company')}
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            <li><Link className={FOOTER_LINK} to="/about">{t('footer.about')}</Link></li>
            <li><Link className={FOOTER_LINK} to="/faq">{t('footer.faq')}</Link></li>
            <li><Link className={FOOTER_LINK} to="/blog">{t('footer.blog')}</Link></li>
            <li><Link className={FOOTER_LINK} to="/contact">{t('footer.contact')}</Link></li>
            <li><Link className={FOOTER_LINK} to="/privacy">{t('footer.privacy')}</Link></li>
            <li><Link className={FOOTER_LINK} to="/terms">{t('footer.terms')}</Link></li>
          </ul>
        </nav>
      </Container>
      <div className="border-t border-white/10">
        <Container className="py-5 text-sm text-sand-200">{t('footer.rights', { year })}</Container>
      </div>
    </footer>
  );
}
