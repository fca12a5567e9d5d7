import type { Language } from '@tessera/contracts';

/**
 * The contact form's messages (issue #13 §5), in the four languages: the sender's confirmation and
 * the team's replies go out in the sender's language, the team's notice in the member's.
 */
type Block = string | { link: string; label: string };
type Copy<P> = Record<Language, (params: P) => { subject: string; blocks: Block[] }>;

export interface ContactReceivedParams {
  name: string;
  subject: string;
}
export interface ContactTeamNoticeParams {
  name: string;
  email: string;
  subject: string;
  message: string;
  link: string;
}
export interface ContactReplyParams {
  name: string;
  subject: string;
  reply: string;
}

export interface ContactTemplateParams {
  'contact-received': ContactReceivedParams;
  'contact-team-notice': ContactTeamNoticeParams;
  'contact-reply': ContactReplyParams;
}

export const CONTACT_TEMPLATES_COPY: { [K in keyof ContactTemplateParams]: Copy<ContactTemplateParams[K]> } = {
  'contact-received': {
    en: ({ name, subject }) => ({
      subject: `We received your message: ${subject}`,
      blocks: [
        `Hello ${name},`,
        `Your message: ${subject}`,
        'Thank you for writing to us. Your message has reached the Tessera team and we will answer you by e-mail, usually within two working days.',
      ],
    }),
    es: ({ name, subject }) => ({
      subject: `Hemos recibido tu mensaje: ${subject}`,
      blocks: [
        `Hola ${name}:`,
        `Tu mensaje: ${subject}`,
        'Gracias por escribirnos. Tu mensaje ha llegado al equipo de Tessera y te responderemos por correo electrónico, normalmente en un plazo de dos días laborables.',
      ],
    }),
    ar: ({ name, subject }) => ({
      subject: `تلقينا رسالتك: ${subject}`,
      blocks: [`مرحبًا ${name}،`, `رسالتك: ${subject}`, 'شكرًا لتواصلك معنا. وصلت رسالتك إلى فريق Tessera وسنرد عليك بالبريد الإلكتروني، عادةً خلال يومي عمل.'],
    }),
    ms: ({ name, subject }) => ({
      subject: `Kami telah menerima mesej anda: ${subject}`,
      blocks: [
        `Helo ${name},`,
        `Mesej anda: ${subject}`,
        'Terima kasih kerana menulis kepada kami. Mesej anda telah sampai kepada pasukan Tessera dan kami akan membalas melalui e-mel, biasanya dalam masa dua hari bekerja.',
      ],
    }),
  },
  'contact-team-notice': {
    en: ({ name, email, subject, message, link }) => ({
      subject: `Contact form: ${subject}`,
      blocks: [`${name} <${email}> wrote:`, subject, message, { link, label: 'Open the inbox' }],
    }),
    es: ({ name, email, subject, message, link }) => ({
      subject: `Formulario de contacto: ${subject}`,
      blocks: [`${name} <${email}> escribió:`, subject, message, { link, label: 'Abrir la bandeja de entrada' }],
    }),
    ar: ({ name, email, subject, message, link }) => ({
      subject: `نموذج الاتصال: ${subject}`,
      blocks: [`كتب ${name} <${email}>:`, subject, message, { link, label: 'افتح صندوق الوارد' }],
    }),
    ms: ({ name, email, subject, message, link }) => ({
      subject: `Borang hubungan: ${subject}`,
      blocks: [`${name} <${email}> menulis:`, subject, message, { link, label: 'Buka peti masuk' }],
    }),
  },
  'contact-reply': {
    en: ({ name, subject, reply }) => ({
      subject: `Re: ${subject}`,
      blocks: [`Hello ${name},`, `About your message “${subject}”:`, reply, 'The Tessera team'],
    }),
    es: ({ name, subject, reply }) => ({
      subject: `Respuesta: ${subject}`,
      blocks: [`Hola ${name}:`, `Sobre tu mensaje «${subject}»:`, reply, 'El equipo de Tessera'],
    }),
    ar: ({ name, subject, reply }) => ({ subject: `رد: ${subject}`, blocks: [`مرحبًا ${name}،`, `بخصوص رسالتك «${subject}»:`, reply, 'فريق Tessera'] }),
    ms: ({ name, subject, reply }) => ({
      subject: `Balasan: ${subject}`,
      blocks: [`Helo ${name},`, `Mengenai mesej anda “${subject}”:`, reply, 'Pasukan Tessera'],
    }),
  },
};
