import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZContactHandledSchema, ZContactListQuerySchema, ZContactMessageSchema, ZContactReplySchema, ZContactRequestSchema, zId } from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { AppError } from '../../lib/errors.js';
import type { ContactService } from './contact.service.js';

const ZIdParamsSchema = z.object({ id: zId() });
const one = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });

/** The answer the sender reads, in their language (the same for a message caught by the honeypot). */
const THANKS = {
  en: 'Thank you, your message has been sent. We have e-mailed you a confirmation and will answer soon.',
  es: 'Gracias, tu mensaje se ha enviado. Te hemos enviado una confirmación por correo y te responderemos pronto.',
  ar: 'شكرًا لك، تم إرسال رسالتك. أرسلنا إليك تأكيدًا بالبريد الإلكتروني وسنرد عليك قريبًا.',
  ms: 'Terima kasih, mesej anda telah dihantar. Kami telah menghantar pengesahan melalui e-mel dan akan membalas tidak lama lagi.',
} as const;

/** The contact form (public) and the team's inbox in the console. */
export function contactRoutes(deps: { contact: ContactService }): FastifyPluginAsync {
  const { contact } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const team = { access: ['team:owner', 'team:support'] } as const;
    const tags = ['contact'];

    typed.post(
      '/v1/contact',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Send a message to the store team; confirmed by e-mail in the sender’s language',
          description: 'At most 3 messages an hour per e-mail address and 10 per network address (429 CONTACT_TOO_MANY). `website` must stay empty.',
          body: ZContactRequestSchema,
          response: { 200: one(z.object({ id: z.string() })) },
        },
      },
      async (request) => {
        const language = requestLanguage(request);
        const saved = await contact.submit({ input: request.body, language, address: request.ip });
        return { message: THANKS[language], data: saved };
      },
    );

    // The page's form without JavaScript: an ordinary form post, answered with a redirect to the
    // page (303), which shows the thanks or which field to fix, with the values to correct.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    typed.post(
      '/v1/contact/form',
      { config: { access: 'public' }, schema: { tags, summary: 'The contact page’s form posted without JavaScript (urlencoded); answers 303 to /contact', hide: true } },
      async (request, reply) => {
        const fields = (request.body ?? {}) as Record<string, string>;
        const back = new URLSearchParams();
        const parsed = ZContactRequestSchema.safeParse(fields);
        if (!parsed.success) {
          back.set('error', String(parsed.error.issues[0]?.path[0] ?? 'message'));
        } else {
          try {
            await contact.submit({ input: parsed.data, language: requestLanguage(request), address: request.ip });
            return reply.redirect('/contact?sent=1', 303);
          } catch (error) {
            if (!(error instanceof AppError) || error.code !== 'CONTACT_TOO_MANY') throw error;
            back.set('error', 'rate');
          }
        }
        // The values go back so nothing typed is lost (a very long message only while the URL stays short).
        for (const name of ['name', 'email', 'subject', 'message'] as const) {
          const value = typeof fields[name] === 'string' ? fields[name].slice(0, 5000) : '';
          if (value && (name !== 'message' || encodeURIComponent(value).length < 6000)) back.set(name, value);
        }
        return reply.redirect(`/contact?${back.toString()}`, 303);
      },
    );

    typed.get(
      '/v1/admin/contact',
      {
        config: team,
        schema: {
          tags,
          summary: 'The inbox: messages by status (new, handled, spam), newest first',
          querystring: ZContactListQuerySchema,
          response: { 200: one(z.array(ZContactMessageSchema)) },
        },
      },
      async (request) => ({ message: 'ok', data: await contact.list(request.query) }),
    );
    typed.get(
      '/v1/admin/contact/:id',
      { config: team, schema: { tags, summary: 'One message with the replies sent', params: ZIdParamsSchema, response: { 200: one(ZContactMessageSchema) } } },
      async (request) => ({ message: 'ok', data: await contact.get(request.params.id) }),
    );
    typed.post(
      '/v1/admin/contact/:id/handled',
      {
        config: team,
        schema: {
          tags,
          summary: 'Mark handled, or back to new',
          params: ZIdParamsSchema,
          body: ZContactHandledSchema,
          response: { 200: one(ZContactMessageSchema) },
        },
      },
      async (request) => ({
        message: 'ok',
        data: await contact.setHandled({ id: request.params.id, handled: request.body.handled, memberId: request.auth.userId }),
      }),
    );
    typed.post(
      '/v1/admin/contact/:id/reply',
      {
        config: team,
        schema: {
          tags,
          summary: 'E-mail a reply in the sender’s language; marks the message handled',
          params: ZIdParamsSchema,
          body: ZContactReplySchema,
          response: { 200: one(ZContactMessageSchema) },
        },
      },
      async (request) => ({
        message: 'Reply sent',
        data: await contact.reply({ id: request.params.id, body: request.body.body, memberId: request.auth.userId }),
      }),
    );
  };
}
