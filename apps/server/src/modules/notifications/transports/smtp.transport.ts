import { createTransport, type Transporter } from 'nodemailer';
import type { OutgoingMessage, Transport } from './transport.js';

export const DEFAULT_MAIL_FROM = 'Tessera <no-reply@tessera.test>';

export interface SmtpTransportOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  /** The From header, e.g. 'Tessera <no-reply@example.com>'. */
  from?: string;
  /** Milliseconds to wait for the connection and for the greeting; default 10 s. */
  connectTimeoutMs?: number;
  /** Milliseconds of silence before giving up on a connected server; default 30 s. */
  socketTimeoutMs?: number;
}

/**
 * E-mail through any SMTP server (nodemailer), chosen when SMTP_URL is set. nodemailer's own logger
 * stays off: with it on, it would write the SMTP conversation — message bodies and the AUTH
 * exchange — to the log.
 */
export class SmtpTransport implements Transport {
  readonly channel = 'email' as const;
  readonly name = 'smtp';
  readonly kind = 'external' as const;
  private readonly mailer: Transporter;
  private readonly from: string;

  constructor(options: SmtpTransportOptions) {
    const connectTimeout = options.connectTimeoutMs ?? 10_000;
    this.mailer = createTransport({
      url: options.url,
      connectionTimeout: connectTimeout,
      greetingTimeout: connectTimeout,
      socketTimeout: options.socketTimeoutMs ?? 30_000,
      logger: false,
      debug: false,
    });
    this.from = options.from ?? DEFAULT_MAIL_FROM;
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.mailer.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      headers: { 'X-Notification-Id': message.id, 'Content-Language': message.language },
    });
  }

  /** Where mail goes, without the credentials: for the start-up log line. */
  static describe(url: string): string {
    try {
      const parsed = new URL(url);
      return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
    } catch {
      return 'SMTP (unparsable URL)';
    }
  }

  close(): void {
    this.mailer.close();
  }
}
