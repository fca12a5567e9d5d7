import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { Container } from '../../ui/Container';
import { buttonClasses } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';

const TILE_COLOURS = ['#2f5d46', '#c2643b', '#d9a441', '#4f8766', '#e8dfcf', '#953f1f', '#8fb59a', '#25493a'];
// A fixed pseudo-random pattern, so that the server and the browser draw the same mosaic.
const PATTERN = [0, 2, 3, 1, 6, 4, 3, 0, 5, 2, 1, 7, 2, 6, 0, 3, 4, 1, 5, 3, 7, 0, 2, 6, 1, 4, 3, 5, 0, 2];

function Mosaic() {
  return (
    <div aria-hidden="true" className="grid grid-cols-6 gap-2 sm:gap-2.5">
      {PATTERN.map((colour, index) => (
        <span
          key={index}
          className="aspect-square rounded-md sm:rounded-lg"
          style={{ backgroundColor: TILE_COLOURS[colour], opacity: index % 7 === 3 ? 0.55 : 1 }}
        />
      ))}
    </div>
  );
}

export function Hero() {
  const { t } = useTranslation();
  const points = [t('home.hero.points.direct'), t('home.hero.points.traceable'), t('home.hero.points.fair')];
  return (
    <section aria-labelledby="hero-title" className="on-dark relative overflow-hidden bg-moss-900 text-sand-50">
      <Container className="grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.25fr_1fr] lg:gap-16 lg:py-24">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.14em] text-ochre-300 rtl:tracking-normal">
            {t('home.hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="mt-4 text-4xl font-semibold text-white sm:text-5xl lg:text-[3.4rem]">
            {t('home.hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-sand-100">{t('home.hero.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#how-it-works" className={buttonClasses('light')}>
              {t('home.hero.primary')}
            </a>
            <Link
              to="/about"
              className={buttonClasses('secondary', 'border-sand-200 text-sand-50 hover:bg-white/10')}
            >
              {t('home.hero.secondary')}
            </Link>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium text-sand-100">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <span className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-moss-700 text-ochre-300">
                  <CheckIcon width={15} height={15} />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="mx-auto hidden w-full max-w-sm sm:block lg:max-w-none">
          <Mosaic />
        </div>
      </Container>
    </section>
  );
}
