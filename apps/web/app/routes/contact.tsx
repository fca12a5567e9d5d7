import { CONTACT_LIMITS } from '@tessera/contracts';
import { useTranslation } from '../lib/i18n/react';
import { Link } from 'react-router';
import type { Route } from './+types/contact';
import { loadNamespaces } from '../lib/i18n/browser';
import { pageMeta } from '../lib/seo';
import { Alert } from '../ui/Alert';
import { buttonClasses } from '../ui/Button';
import { Container } from '../ui/Container';
import { TextAreaField, TextField } from '../ui/Field';

export const handle = { i18n: ['blog'] };

const FIELDS = ['name', 'email', 'subject', 'message', 'website', 'rate'] as const;
type ErrorKey = (typeof FIELDS)[number];

/**
 * The contact page (issue #13 §5). The form is an ordinary form post to /v1/contact/form, which
 * answers with a redirect back here: `?sent=1`, or `?error={field}` with the values typed, so it
 * works the same with or without JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const error = query.get('error');
  return {
    sent: query.get('sent') === '1',
    error: (FIELDS as readonly string[]).includes(error ?? '') ? (error as ErrorKey) : null,
    values: { name: query.get('name') ?? '', email: query.get('email') ?? '', subject: query.get('subject') ?? '', message: query.get('message') ?? '' },
  };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), loadNamespaces(['blog'])]);
  return loaded;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('blog:contact.title'), description: t('blog:contact.description') }));

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('blog');
  const { sent, error, values } = loaderData;
  const errorOf = (field: ErrorKey) => (error === field ? t(`contact.errors.${field}`) : undefined);
  return (
    <Container className="py-10">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-4xl font-semibold">{t('contact.title')}</h1>
        <p className="mt-2 text-lg text-ink-muted">{t('contact.description')}</p>
        {sent ? (
          <div className="mt-8" data-testid="contact-sent">
            <Alert tone="success" title={t('contact.sentTitle')}>
              {t('contact.sentBody')}
            </Alert>
            <Link to="/contact" className="mt-6 inline-block font-semibold text-moss-800 underline">
              {t('contact.another')}
            </Link>
          </div>
        ) : (
          <form method="post" action="/v1/contact/form" className="mt-8 space-y-5 rounded-3xl border border-sand-200 bg-white p-6" data-testid="contact-form">
            {error === 'rate' || error === 'website' ? <Alert tone="error" title={t(`contact.errors.${error}`)} /> : null}
            <TextField
              label={t('contact.name')}
              name="name"
              required
              maxLength={CONTACT_LIMITS.name}
              autoComplete="name"
              defaultValue={values.name}
              error={errorOf('name')}
            />
            <TextField
              label={t('contact.email')}
              name="email"
              type="email"
              required
              maxLength={CONTACT_LIMITS.email}
              autoComplete="email"
              ltr
              defaultValue={values.email}
              error={errorOf('email')}
            />
            <TextField
              label={t('contact.subject')}
              name="subject"
              required
              maxLength={CONTACT_LIMITS.subject}
              defaultValue={values.subject}
              error={errorOf('subject')}
            />
            <TextAreaField
              label={t('contact.message')}
              hint={t('contact.messageHint')}
              name="message"
              required
              minLength={CONTACT_LIMITS.messageMin}
              maxLength={CONTACT_LIMITS.message}
              rows={7}
              defaultValue={values.message}
              error={errorOf('message')}
            />
            {/* The honeypot: hidden from people and screen readers, skipped by the keyboard; bots fill it. */}
            <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
              <label>
                {t('contact.honeypot')}
                <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
              </label>
            </div>
            <button type="submit" className={buttonClasses('primary')}>
              {t('contact.send')}
            </button>
          </form>
        )}
      </div>
    </Container>
  );
}
