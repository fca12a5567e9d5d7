import Stripe from 'stripe';
import type { CardBrand, TCardDetails } from '@tessera/contracts';
import { AppError } from '../../../lib/errors.js';
import { CardRejected, GatewayUnavailable, type AuthorizeRequest, type CardToken, type GatewayOutcome, type GatewayWebhookEvent, type PaymentGateway } from './gateway.js';

export interface StripeGatewayOptions {
  secretKey: string;
  /** Unset: webhooks are refused (the adapter still works by reading PaymentIntents). */
  webhookSecret?: string | undefined;
  /** Another API host (tests point it at a local server that answers like Stripe). */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

type Intent = Stripe.PaymentIntent;

const KNOWN_BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover'];
const brand = (value: string | null | undefined): CardBrand => (KNOWN_BRANDS as readonly string[]).includes(value ?? '') ? (value as CardBrand) : 'unknown';

/**
 * Stripe through the official package (PaymentIntents; webhooks with their signature checked), used
 * when STRIPE_SECRET_KEY is set. Card details never reach this server: Stripe.js turns them into a
 * PaymentMethod id in the browser, and that id is what a payment or a saved card carries.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(options: StripeGatewayOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
    });
    this.webhookSecret = options.webhookSecret;
  }

  async tokenize(_details: TCardDetails): Promise<CardToken> {
    // Raw card numbers must not pass through this server with Stripe: the browser sends them to Stripe.
    throw new AppError('VALIDATION', 'card', 'send the Stripe.js PaymentMethod id as card.token');
  }

  async describe(token: string): Promise<CardToken> {
    const { paymentMethod } = splitToken(token);
    const method = await this.call(() => this.stripe.paymentMethods.retrieve(paymentMethod));
    if (!method.card) throw new CardRejected('CARD_INVALID');
    return { token: method.id, brand: brand(method.card.brand), last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
  }

  /**
   * Stripe refuses a PaymentMethod a second time once it was used without a Customer: a card kept
   * for later is attached to a Customer of its own first, and its token becomes `cus_…/pm_…`.
   */
  async prepareForReuse(card: CardToken, ownerId: string): Promise<CardToken> {
    if (splitToken(card.token).customer) return card;
    const customer = await this.call(() => this.stripe.customers.create({ metadata: { tessera_user: ownerId } }, { idempotencyKey: `customer_${ownerId}_${card.token}` }));
    await this.call(() => this.stripe.paymentMethods.attach(card.token, { customer: customer.id }, { idempotencyKey: `attach_${customer.id}_${card.token}` }));
    return { ...card, token: `${customer.id}/${card.token}` };
  }

  async authorize(request: AuthorizeRequest): Promise<GatewayOutcome> {
    const { customer, paymentMethod } = splitToken(request.token);
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          payment_method: paymentMethod,
          ...(customer ? { customer } : {}),
          // Cards only, and no redirecting methods: 3-D Secure runs in the page through Stripe.js.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          capture_method: request.capture ? 'automatic' : 'manual',
          description: request.description,
          // What reconciliation searches by when this call's answer is lost (find).
          metadata: { tessera_payment: request.paymentId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return outcomeOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = (error.raw as { payment_intent?: Intent } | undefined)?.payment_intent;
        return { status: 'declined', providerRef: intent?.id ?? null, declineReason: error.decline_code ?? error.code ?? 'card_declined', action: null, card: null };
      }
      // A PaymentMethod Stripe does not know or will not take is the buyer's card refused, not an outage.
      if (isCardRefusal(error)) return { status: 'declined', providerRef: null, declineReason: (error as Stripe.errors.StripeError).code ?? 'card_invalid', action: null, card: null };
      throw unavailable(error);
    }
  }

  /**
   * Stripe's search by the metadata `authorize` sent. Search is eventually consistent (Stripe: new
   * data is searchable within about a minute), which is why reconciliation waits before asking.
   */
  async find(paymentId: string): Promise<GatewayOutcome | null> {
    const found = await this.call(() => this.stripe.paymentIntents.search({ query: `metadata['tessera_payment']:'${paymentId.replace(/'/g, '')}'`, limit: 10 }));
    // One intent per payment id (the idempotency key); a succeeded one wins should there ever be more.
    const intent = found.data.find((i) => i.status === 'succeeded') ?? found.data[0];
    return intent ? outcomeOf(intent) : null;
  }

  async confirm(providerRef: string): Promise<GatewayOutcome> {
    return outcomeOf(await this.call(() => this.stripe.paymentIntents.retrieve(providerRef)));
  }

  async capture(providerRef: string, amount: number, idempotencyKey: string): Promise<void> {
    await this.call(() => this.stripe.paymentIntents.capture(providerRef, { amount_to_capture: amount }, { idempotencyKey }));
  }

  async cancel(providerRef: string, idempotencyKey: string): Promise<void> {
    await this.call(() => this.stripe.paymentIntents.cancel(providerRef, {}, { idempotencyKey }));
  }

  async refund(providerRef: string, amount: number, idempotencyKey: string): Promise<{ providerRef: string }> {
    const refund = await this.call(() => this.stripe.refunds.create({ payment_intent: providerRef, amount }, { idempotencyKey }));
    return { providerRef: refund.id };
  }

  webhook(rawBody: Buffer, signature: string | undefined): GatewayWebhookEvent {
    if (!this.webhookSecret || !signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'stripe-signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'stripe-signature');
    }
    if (event.type.startsWith('payment_intent.')) {
      const intent = event.data.object as Intent;
      return { id: event.id, type: event.type, providerRef: intent.id, paymentId: intent.metadata?.tessera_payment ?? null, outcome: outcomeOf(intent) };
    }
    return { id: event.id, type: event.type, providerRef: null, paymentId: null, outcome: null };
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError || isCardRefusal(error)) throw new CardRejected('CARD_INVALID');
      throw unavailable(error);
    }
  }
}

/** A saved card's token names its Customer too (`cus_…/pm_…`); a fresh one is a PaymentMethod id. */
function splitToken(token: string): { customer: string | null; paymentMethod: string } {
  const slash = token.indexOf('/');
  return slash < 0 ? { customer: null, paymentMethod: token } : { customer: token.slice(0, slash), paymentMethod: token.slice(slash + 1) };
}

/** Stripe's 400/404 about the PaymentMethod itself (unknown, already used, not attached). */
function isCardRefusal(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.param === 'payment_method' || (error.code ?? '').startsWith('payment_method'));
}

/** A connection error (timeout, reset) may have lost the answer of a call Stripe carried out. */
function unavailable(error: unknown): GatewayUnavailable {
  const message = error instanceof Error ? error.message : String(error);
  return new GatewayUnavailable(`stripe: ${message}`, { cause: error, answerLost: error instanceof Stripe.errors.StripeConnectionError });
}

/** A PaymentIntent's state as this house's outcome. */
function outcomeOf(intent: Intent): GatewayOutcome {
  const base = { providerRef: intent.id, declineReason: null, action: null, card: null };
  switch (intent.status) {
    case 'succeeded':
      return { ...base, status: 'captured' };
    case 'requires_capture':
    case 'processing':
      return { ...base, status: 'authorised' };
    case 'requires_action':
      return { ...base, status: 'requires_action', action: { clientSecret: intent.client_secret, redirectUrl: intent.next_action?.redirect_to_url?.url ?? null } };
    case 'canceled':
      return { ...base, status: 'cancelled' };
    default: {
      const failure = intent.last_payment_error;
      return { ...base, status: 'declined', declineReason: failure?.decline_code ?? failure?.code ?? 'card_declined' };
    }
  }
}
