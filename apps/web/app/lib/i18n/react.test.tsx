import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from './all.server';
import { Trans, I18nProvider, useTranslation } from './react';
import { I18n } from './runtime';

async function prerender(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

function CartTitle() {
  const { t } = useTranslation();
  return <h1>{t('cart.title')}</h1>;
}

function SocialTitle() {
  const { t } = useTranslation('social');
  return <h2>{t('favourites.title')}</h2>;
}

describe('useTranslation and Trans', () => {
  it('render the texts of the page language, a Trans key through the screens fallback included', () => {
    const html = renderToString(
      <I18nProvider i18n={createServerI18n('ar')}>
        <CartTitle />
        <Trans i18nKey="points.title" />
        <Trans ns="social" i18nKey="favourites.title" />
      </I18nProvider>,
    );
    const server = createServerI18n('ar');
    expect(html).toBe(`<h1>${server.t('cart.title')}</h1>${server.t('points.title')}<!-- -->${server.getFixedT(null, 'social')('favourites.title')}`);
    expect(html).not.toContain('cart.title');
  });

  it('wait for a namespace the page has not loaded and then show its text, never its key', async () => {
    const arabic = createServerI18n('ar');
    let loads = 0;
    const i18n = new I18n('ar', { ar: { translation: { cart: { title: arabic.t('cart.title') } } } }, async (language, namespace) => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { favourites: { title: arabic.t('favourites.title', { ns: namespace as 'social', lng: language }) } };
    });
    const html = await prerender(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>…</p>}>
          <CartTitle />
          <SocialTitle />
        </Suspense>
      </I18nProvider>,
    );
    expect(html).toBe(`<!--$--><h1>${arabic.t('cart.title')}</h1><h2>${arabic.getFixedT(null, 'social')('favourites.title')}</h2><!--/$-->`);
    expect(loads).toBe(1);
  });

  it('need the provider', () => {
    expect(() => renderToString(<CartTitle />)).toThrow(/I18nProvider/);
  });
});
