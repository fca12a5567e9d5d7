import { describe, expect, it } from 'vitest';
import { ORDER_EMAIL_STATUSES, orderTemplate, type OrderTemplateName } from '../orders/index.js';
import { QUOTATION_NEWS, quotationTemplate, type QuotationTemplateName, type QuotationUpdateParams } from '../quotations/index.js';
import { COMMISSION_NEWS, commissionTemplate, type CommissionTemplateName, type CommissionUpdateParams } from '../commissions/index.js';
import { LANGUAGES } from '@tessera/contracts';
import { TEMPLATE_NAMES, TEMPLATES, escapeHtml, minutesPhrase, renderTemplate, type TemplateName, type TemplateParams } from './notifications.templates.js';

const NASTY = `<b>"Rattan" & 'Co'</b>`;

/** Params for every template (the type makes a new template without samples fail to compile). */
const SAMPLES: { [K in TemplateName]: TemplateParams[K] } = {
  'mobile-verification-code': { code: '482913', minutes: 10 },
  'password-reset': { link: 'https://tessera.test/reset-password?token=Zx9_q&lang=<en>', minutes: 30 },
  'team-invitation': { link: 'https://tessera.test/admin/set-password?token=Zx9_q&lang=<en>', minutes: 90 },
  'company-approved': { companyName: `Acme ${NASTY}` },
  'company-rejected': { companyName: `Acme ${NASTY}`, reason: 'The VAT number <does not> match & expired' },
  'seller-approved': { storeName: `Loom ${NASTY}` },
  'seller-rejected': { storeName: `Loom ${NASTY}`, reason: 'Photos "missing" <again>' },
  welcome: { firstName: `Aïsha ${NASTY}` },
  'back-in-stock': { productTitle: `Jute rug ${NASTY}`, link: 'https://tessera.test/p/jute-rug?ref=mail&x=1' },
  'price-drop': { productTitle: `Jute rug ${NASTY}`, link: 'https://tessera.test/p/jute-rug?ref=mail&x=1', oldPrice: '€120.00', newPrice: '€95.50' },
  ...orderSamples(),
  ...(Object.fromEntries(QUOTATION_NEWS.map((news) => [quotationTemplate(news), { title: `Jute rugs ${NASTY}`, link: 'https://tessera.test/profile/quotations/1?x=1&y=2' }])) as Record<
    QuotationTemplateName,
    QuotationUpdateParams
  >),
  ...(Object.fromEntries(COMMISSION_NEWS.map((news) => [commissionTemplate(news), { title: `Rattan lamp ${NASTY}`, link: 'https://tessera.test/profile/commissions/1?x=1&y=2' }])) as Record<
    CommissionTemplateName,
    CommissionUpdateParams
  >),
  'chat-message': { senderName: `Loom ${NASTY}`, text: 'Is the <rug> still "available"?', link: 'https://tessera.test/profile/message-center?c=1' },
  'contact-received': { name: `Aïsha ${NASTY}`, subject: 'Samples <please>' },
  'contact-team-notice': { name: `Aïsha ${NASTY}`, email: 'a@example.com', subject: 'Samples <please>', message: 'Can you send "three" samples & a price?', link: 'https://tessera.test/admin/contact?m=1&x=2' },
  'contact-reply': { name: `Aïsha ${NASTY}`, subject: 'Samples <please>', reply: 'Yes, <of course> & soon.' },
};

/** The order e-mails share their params. */
function orderSamples() {
  const params = { orderId: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', storeName: `Loom ${NASTY}`, link: 'https://tessera.test/orders/0193?x=1&y=2', reason: 'Out of <stock> & late' };
  return Object.fromEntries(ORDER_EMAIL_STATUSES.map((status) => [orderTemplate(status), params])) as Record<OrderTemplateName, typeof params>;
}

const cases = TEMPLATE_NAMES.flatMap((template) => LANGUAGES.map((language) => [template, language] as const));

describe('notification templates', () => {
  it('cover every template the accounts and catalog features send', () => {
    expect([...TEMPLATE_NAMES].sort()).toEqual(
      ['back-in-stock', 'chat-message', 'company-approved', 'company-rejected', 'mobile-verification-code', 'password-reset', 'price-drop', 'seller-approved', 'seller-rejected', 'team-invitation', 'welcome', 'contact-received', 'contact-team-notice', 'contact-reply', ...QUOTATION_NEWS.map(quotationTemplate), ...COMMISSION_NEWS.map(commissionTemplate), ...ORDER_EMAIL_STATUSES.map(orderTemplate)].sort(),
    );
  });

  it.each(cases)('%s renders in %s with every param substituted and escaped in the HTML', (template, language) => {
    const params = SAMPLES[template] as Record<string, string | number>;
    const message = renderTemplate({ template, language, params: params as never });
    for (const part of [message.subject, message.text, message.html ?? '']) {
      expect(part.trim().length).toBeGreaterThan(0);
      expect(part).not.toMatch(/undefined|null|NaN|\[object |\$\{|\{\{/);
    }
    expect(message.subject).not.toMatch(/[\r\n]/);
    const html = message.html as string;
    for (const value of Object.values(params)) {
      const text = String(value);
      expect(message.text).toContain(text);
      expect(html).toContain(escapeHtml(text));
      if (/[<>&"']/.test(text)) expect(html).not.toContain(text);
    }
    expect(html).not.toMatch(/<b>/);
    expect(html).toContain(`lang="${language}"`);
    expect(html).toContain(language === 'ar' ? 'dir="rtl"' : 'dir="ltr"');
    if (language !== 'ar') expect(html).not.toContain('dir="rtl"');
  });

  it.each(TEMPLATE_NAMES)('%s is really translated: every language reads differently from English', (template) => {
    const render = (language: (typeof LANGUAGES)[number]) => renderTemplate({ template, language, params: SAMPLES[template] as never });
    const english = render('en');
    for (const language of ['es', 'ar', 'ms'] as const) {
      const translated = render(language);
      expect(translated.subject).not.toBe(english.subject);
      expect(translated.text).not.toBe(english.text);
    }
    expect(render('ar').text).toMatch(/[\u0600-\u06FF]/);
  });

  it('are reachable by name: TEMPLATES[name](params, language)', () => {
    const message = TEMPLATES['password-reset']({ link: 'https://tessera.test/r?t=1', minutes: 15 }, 'es');
    expect(message.subject).toBe('Restablece tu contraseña de Tessera');
    expect(message.text).toContain('15 minutos');
    expect(message.text).toContain('https://tessera.test/r?t=1');
  });

  it('puts the verification code on a line of its own, readable in a text message', () => {
    const { text } = renderTemplate({ template: 'mobile-verification-code', language: 'en', params: { code: '482913', minutes: 10 } });
    expect(text.split('\n')).toContain('482913');
    expect(text).toContain('valid for 10 minutes');
  });

  it('makes only web links clickable', () => {
    const safe = renderTemplate({ template: 'back-in-stock', language: 'en', params: { productTitle: 'Rug', link: 'https://tessera.test/p/1' } });
    expect(safe.html).toContain('href="https://tessera.test/p/1"');
    const hostile = renderTemplate({ template: 'back-in-stock', language: 'en', params: { productTitle: 'Rug', link: 'javascript:alert(1)' } });
    expect(hostile.html).not.toContain('href=');
    expect(hostile.html).toContain('javascript:alert(1)');
  });

  it('keeps a subject on one line whatever a param contains', () => {
    const { subject } = renderTemplate({ template: 'welcome', language: 'en', params: { firstName: 'Eve\r\nBcc: victim@example.com' } });
    expect(subject).toBe('Welcome to Tessera, Eve Bcc: victim@example.com');
  });

  it('says minutes with the plural each language needs', () => {
    expect(minutesPhrase('en', 1)).toBe('1 minute');
    expect(minutesPhrase('en', 5)).toBe('5 minutes');
    expect(minutesPhrase('es', 1)).toBe('1 minuto');
    expect(minutesPhrase('es', 10)).toBe('10 minutos');
    expect(minutesPhrase('ms', 10)).toBe('10 minit');
    expect(minutesPhrase('ar', 1)).toBe('دقيقة واحدة');
    expect(minutesPhrase('ar', 2)).toBe('دقيقتين');
    expect(minutesPhrase('ar', 10)).toBe('10 دقائق');
    expect(minutesPhrase('ar', 15)).toBe('15 دقيقة');
  });
});
