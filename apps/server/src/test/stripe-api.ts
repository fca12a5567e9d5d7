import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers like Stripe's API for exactly the calls the Stripe adapter
 * (modules/payments/gateways/stripe-gateway.ts) makes: retrieve a PaymentMethod; create (and
 * confirm), retrieve, capture and cancel a PaymentIntent; create a refund; create a Customer and
 * attach a PaymentMethod to it (saved cards). Nothing outside this machine can be reached, so the
 * official `stripe` package is pointed here (STRIPE_API_URL).
 *
 * It keeps Stripe's rules that matter to the adapter: the secret key is checked, an Idempotency-Key
 * seen before replays the first answer (and the same key with other parameters is refused), a
 * declined card answers 402 with the PaymentIntent inside the error, a card that needs 3-D Secure
 * leaves the intent in `requires_action` with its `next_action`, a refund never passes what was
 * received, a succeeded intent cannot be cancelled, and a PaymentMethod used once without a
 * Customer cannot be used again (the test aliases such as pm_card_visa make a fresh one each time,
 * as Stripe's do). PaymentIntents keep their `metadata` and can be searched by it (Stripe's search
 * query `metadata['key']:'value'`). A network that loses answers is played by `dropAnswers` (the
 * request is done, its answer never arrives) and `dropRequests` (the request never arrives). Every request is recorded (method, path, form fields, headers) for
 * the tests to read.
 */

/** Stripe's documented test PaymentMethods (https://docs.stripe.com/testing). */
export const STRIPE_TEST_METHODS = {
  visa: 'pm_card_visa',
  mastercard: 'pm_card_mastercard',
  declined: 'pm_card_chargeDeclined',
  threeDSecure: 'pm_card_threeDSecure2Required',
} as const;

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}
const CARDS: Record<string, Card & { behaviour: 'succeed' | 'decline' | 'three_d_secure' }> = {
  [STRIPE_TEST_METHODS.visa]: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, behaviour: 'succeed' },
  [STRIPE_TEST_METHODS.mastercard]: { brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: 2033, behaviour: 'succeed' },
  [STRIPE_TEST_METHODS.declined]: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2034, behaviour: 'decline' },
  [STRIPE_TEST_METHODS.threeDSecure]: { brand: 'visa', last4: '3220', exp_month: 12, exp_year: 2034, behaviour: 'three_d_secure' },
};

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: string;
}

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Json;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  requests: RecordedRequest[];
  intents: Map<string, Json>;
  refunds: Map<string, Json>;
  /** What Stripe.js does in the buyer's page after the bank's challenge: the intent succeeds or fails. */
  finishAction(intentId: string, result: 'complete' | 'fail'): Json;
  /** The next `count` calls answer 500 (an outage); the package retries, then gives up. */
  failNext(count: number): void;
  /** The next `count` PaymentIntent creations are carried out, then the connection is reset before the answer is sent. */
  dropAnswers(count: number): void;
  /** The next `count` PaymentIntent creations are cut before they are carried out: Stripe never saw them. */
  dropRequests(count: number): void;
  close(): Promise<void>;
}

/** Stripe's form encoding of `metadata: {key: value}` is `metadata[key]=value`. */
function metadataOf(params: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const key = /^metadata\[([^\]]+)\]$/.exec(name)?.[1];
    if (key) metadata[key] = value;
  }
  return metadata;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function stripeError(status: number, error: Json): Answer {
  return { status, body: { error: { message: 'error', ...error } } };
}

export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_tessera_fake';
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const customers = new Map<string, Json>();
  // PaymentMethod id → customer it is attached to; used: a PaymentMethod confirmed without a customer.
  const attachedTo = new Map<string, string>();
  const usedWithoutCustomer = new Set<string>();
  const replays = new Map<string, { params: string; answer: Answer }>();
  let failures = 0;
  let dropAnswers = 0;
  let dropRequests = 0;

  // Stripe's test aliases (pm_card_visa, …) make a fresh PaymentMethod each time they are named.
  const methods = new Map<string, string>();
  const resolve = (pmId: string): string | undefined => {
    if (CARDS[pmId]) {
      const fresh = id('pm');
      methods.set(fresh, pmId);
      return fresh;
    }
    return methods.has(pmId) ? pmId : undefined;
  };
  const cardOf = (pmId: string) => CARDS[methods.get(pmId) ?? ''];
  const paymentMethod = (pmId: string): Json | undefined => {
    const card = cardOf(pmId);
    if (!card) return undefined;
    return {
      id: pmId,
      object: 'payment_method',
      type: 'card',
      customer: attachedTo.get(pmId) ?? null,
      card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, country: 'US', funding: 'credit' },
    };
  };

  function createIntent(params: Record<string, string>): Answer {
    const amount = Number(params.amount);
    if (!Number.isSafeInteger(amount) || amount < 1)
      return stripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount' });
    if (!/^[a-z]{3}$/.test(params.currency ?? '')) return stripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param: 'currency' });
    const pmId = resolve(params.payment_method ?? '');
    const card = pmId ? cardOf(pmId) : undefined;
    if (!pmId || !card)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${params.payment_method}'`,
      });
    const customer = params.customer ?? null;
    if (customer && attachedTo.get(pmId) !== customer) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_not_attached',
        param: 'payment_method',
        message: 'The PaymentMethod is not attached to this customer.',
      });
    }
    if (!customer && (usedWithoutCustomer.has(pmId) || attachedTo.has(pmId))) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unexpected_state',
        message: 'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, or is attached to a Customer.',
      });
    }
    const intentId = id('pi');
    const intent: Json = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: params.currency,
      capture_method: params.capture_method ?? 'automatic_async',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      customer,
      description: params.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      payment_method: pmId,
      status: 'requires_confirmation',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      metadata: metadataOf(params),
    };
    intents.set(intentId, intent);
    if (params.confirm !== 'true') return { status: 200, body: intent };
    if (!customer) usedWithoutCustomer.add(pmId);
    if (card.behaviour === 'decline') {
      Object.assign(intent, {
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
      });
      return stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: intent,
      });
    }
    if (card.behaviour === 'three_d_secure') {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'use_stripe_sdk',
          use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=${intentId}` },
        },
      });
      return { status: 200, body: intent };
    }
    succeed(intent);
    return { status: 200, body: intent };
  }

  function succeed(intent: Json): void {
    const manual = intent.capture_method === 'manual';
    Object.assign(intent, {
      status: manual ? 'requires_capture' : 'succeeded',
      amount_received: manual ? 0 : intent.amount,
      latest_charge: id('ch'),
      next_action: null,
      last_payment_error: null,
    });
  }

  /** Stripe's search, for the one clause the adapter sends: `metadata['key']:'value'`. */
  function searchIntents(query: string): Answer {
    const clause = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim());
    if (!clause) return stripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param: 'query' });
    const [, key, value] = clause;
    const data = [...intents.values()].filter((intent) => (intent.metadata as Record<string, string>)[key!] === value);
    return { status: 200, body: { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data } };
  }

  function route(method: string, path: string, params: Record<string, string>): Answer {
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const pmId = resolve(decodeURIComponent(match[1]!));
      const found = pmId ? paymentMethod(pmId) : undefined;
      return found ? { status: 200, body: found } : stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method' });
    }
    if (method === 'POST' && (match = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      const pmId = decodeURIComponent(match[1]!);
      if (!cardOf(pmId)) return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method' });
      if (!params.customer || !customers.has(params.customer))
        return stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer' });
      if (usedWithoutCustomer.has(pmId)) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'payment_method_unexpected_state',
          message: 'This PaymentMethod was previously used without being attached to a Customer.',
        });
      }
      attachedTo.set(pmId, params.customer);
      return { status: 200, body: paymentMethod(pmId)! };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', description: params.description ?? null, metadata: {} };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'GET' && path === '/v1/payment_intents/search') return searchIntents(params.query ?? '');
    if ((match = /^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel)?$/.exec(path))) {
      const intent = intents.get(decodeURIComponent(match[1]!));
      if (!intent) return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent' });
      if (method === 'GET' && !match[2]) return { status: 200, body: intent };
      if (method === 'POST' && match[2] === '/capture') {
        if (intent.status !== 'requires_capture') return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
        const amount = params.amount_to_capture ? Number(params.amount_to_capture) : Number(intent.amount);
        Object.assign(intent, { status: 'succeeded', amount_received: amount });
        return { status: 200, body: intent };
      }
      if (method === 'POST' && match[2] === '/cancel') {
        if (['succeeded', 'canceled'].includes(intent.status as string))
          return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
        Object.assign(intent, { status: 'canceled', next_action: null });
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(params.payment_intent ?? '');
      if (!intent) return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_intent' });
      if (intent.status !== 'succeeded') return stripeError(400, { type: 'invalid_request_error', code: 'charge_not_refundable' });
      const already = [...refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + Number(r.amount), 0);
      const amount = params.amount ? Number(params.amount) : Number(intent.amount_received) - already;
      if (amount < 1 || already + amount > Number(intent.amount_received))
        return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount' });
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.local');
      const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : body));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, params, idempotencyKey, authorization: request.headers.authorization, body });
      const send = (answer: Answer, replayed = false) => {
        response.writeHead(answer.status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        response.end(JSON.stringify(answer.body));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`)
        return send(stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }));
      // Only PaymentIntent creations are lost: the calls before them (the card's lookup) get through.
      const creation = request.method === 'POST' && url.pathname === '/v1/payment_intents';
      if (creation && dropRequests > 0) {
        dropRequests--;
        return response.socket?.destroy();
      }
      if (failures > 0) {
        failures--;
        return send(stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));
      }
      if (idempotencyKey && request.method === 'POST') {
        const seen = replays.get(idempotencyKey);
        if (seen) {
          if (creation && dropAnswers > 0) {
            dropAnswers--;
            return response.socket?.destroy();
          }
          if (seen.params !== body)
            return send(
              stripeError(400, {
                type: 'idempotency_error',
                message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              }),
            );
          return send(seen.answer, true);
        }
      }
      const answer = route(request.method ?? 'GET', url.pathname, params);
      // Stripe keeps the first answer of a key (errors included, except 5xx) and replays it.
      if (idempotencyKey && request.method === 'POST') replays.set(idempotencyKey, { params: body, answer: structuredClone(answer) });
      if (creation && dropAnswers > 0) {
        dropAnswers--;
        return response.socket?.destroy();
      }
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    intents,
    refunds,
    finishAction(intentId, result) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'requires_action') throw new Error(`intent ${intentId} is not waiting for its action`);
      if (result === 'complete') succeed(intent);
      else {
        Object.assign(intent, {
          status: 'requires_payment_method',
          next_action: null,
          last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The authentication failed.' },
        });
      }
      return intent;
    },
    failNext(count) {
      failures = count;
    },
    dropAnswers(count) {
      dropAnswers = count;
    },
    dropRequests(count) {
      dropRequests = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
