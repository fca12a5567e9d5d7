import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { ArrowIcon } from '../../ui/icons';
import { LogoMark } from '../../ui/Logo';

/** The not-found page: "page has gone missing" in the visitor's language. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto flex max-w-xl flex-col items-center text-center" data-testid="not-found">
        <LogoMark size={88} missing={{ x: 2, y: 2 }} />
        <p className="mt-8 font-serif text-6xl font-semibold text-clay-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-2 text-3xl font-semibold first-letter:uppercase sm:text-4xl">{t('notFound.title')}</h1>
        <p className="mt-4 text-lg text-ink-muted">{t('notFound.body')}</p>
        <Link to="/" className={buttonClasses('primary', 'mt-8')}>
          {t('common.backHome')}
          <ArrowIcon width={18} height={18} />
        </Link>
      </div>
    </Container>
  );
}
