import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, ZChatMessagesResponseSchema } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { multipartBody, pngBytes, textBytes } from '../../test/accounts.js';
import { plainPdf, pdfWithJavaScript } from '../../test/hostile-pdfs.js';
import { pngImage, pngThenHtml } from '../../test/sample-files.js';
import { createTeamMember } from '../../test/roles.js';
import { chatBuyer, chatHeaders, chatStore, openDirectChat, sendChat, type ChatActor } from '../../test/chat.js';
import { maskContactDetails } from './contact-masking.js';

describe('contact masking', () => {
  it.each([
    ['write me at ana.lopez@example.com', 'email'],
    ['ana (at) example (dot) com please', 'email'],
    ['call +34 612 345 678 tomorrow', 'phone'],
    ['WhatsApp 0060-12-3456789', 'phone'],
    ['see https://other-market.example/shop/42', 'link'],
    ['my shop: www.cheaper.shop', 'link'],
  ])('masks %s', (text, kind) => {
    const masked = maskContactDetails(text, ['tessera.test']);
    expect(masked.kinds).toContain(kind);
    expect(masked.text).toContain('•••');
  });

  it.each(['Can you do 120 units by March 3?', 'The rug is 200 x 300 cm, 4.5 kg', 'Order #20261125 is fine', 'see https://tessera.test/p/jute-rug'])('leaves %s alone', (text) => {
    expect(maskContactDetails(text, ['tessera.test'])).toEqual({ text, kinds: [] });
  });
});

let t: TestApp;
let buyer: ChatActor;
let store: ChatActor;
let conversationId: string;

beforeAll(async () => {
  t = await createTestApp({ chatMessagesPerMinute: 5, chatConversationsPerHour: 3 });
  [buyer, store] = await Promise.all([chatBuyer(t.app), chatStore(t.app)]);
  conversationId = await openDirectChat(t.app, buyer, store);
});

describe('safety', () => {
  it('masks contact details for the receiver (not the sender) before an order exists, and flags them to the team', async () => {
    const sent = await sendChat(t.app, buyer, conversationId, 'Email me at bea@buyer.example or call +34 612 345 678');
    expect(sent.json().message).toMatchObject({ body: 'Email me at bea@buyer.example or call +34 612 345 678', masked: false });
    const theirs = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${conversationId}`, headers: chatHeaders(store.userToken) })).json());
    expect(theirs.messages[0]).toMatchObject({ body: 'Email me at ••• or call •••', masked: true });
    const team = await createTeamMember(t.app, 'moderator');
    const flags = await t.app.inject({ method: 'GET', url: '/v1/admin/chat/flags', headers: { authorization: team.token } });
    expect(flags.statusCode).toBe(200);
    expect(flags.json().data.flags.filter((flag: { conversationId: string }) => flag.conversationId === conversationId)).toEqual([
      expect.objectContaining({ kinds: ['email', 'phone'], senderId: buyer.chatUserId, body: 'Email me at bea@buyer.example or call +34 612 345 678' }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/chat/flags', headers: { authorization: buyer.token } })).statusCode).toBe(403);
  });

  it('limits messages per user with a translated 429, and stores nothing over the limit', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, other, buyer);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await sendChat(t.app, other, chat, `burst ${i}`, { messageId: `burst-${i}` }));
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.json().code).toBe('CHAT_RATE_LIMITED');
    const arabic = await t.app.inject({ method: 'POST', url: '/chat/message', headers: chatHeaders(other.userToken, { language: 'ar' }), payload: { conversationId: chat, body: 'again' } });
    expect(arabic.statusCode).toBe(429);
    expect(arabic.json().message).toMatch(/[\u0600-\u06FF]/);
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${chat}`, headers: chatHeaders(buyer.userToken) })).json());
    expect(history.messages).toHaveLength(answers.length - limited.length);
  });

  it('limits new conversations per user', async () => {
    const me = await chatBuyer(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const other = await chatStore(t.app);
      statuses.push((await t.app.inject({ method: 'POST', url: '/chat/conversation', headers: chatHeaders(me.userToken), payload: { members: [other.chatUserId] } })).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe('attachments', () => {
  const upload = async (actor: ChatActor, file: { filename: string; contentType: string; data: Buffer }) => {
    const form = multipartBody({}, [{ field: 'file', ...file }]);
    return t.app.inject({ method: 'POST', url: '/chat/attachment', headers: { ...chatHeaders(actor.userToken), ...form.headers }, payload: form.payload });
  };

  it('takes images and PDFs checked by content, and serves them through signed, expiring links', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, other, buyer);
    const image = await upload(other, { filename: 'swatch.png', contentType: 'image/png', data: await pngBytes() });
    expect(image.statusCode).toBe(201);
    const attachment = image.json().attachment;
    // Re-encoded by the checked upload path.
    expect(attachment).toMatchObject({ attachmentType: 'image', mimeType: 'image/webp' });
    const pdf = await upload(other, { filename: 'catalogue.pdf', contentType: 'application/pdf', data: await plainPdf() });
    expect(pdf.json().attachment.attachmentType).toBe('file');
    const sent = await sendChat(t.app, other, chat, '', { attachmentIds: [attachment.attachmentId] });
    expect(sent.statusCode).toBe(201);
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${chat}`, headers: chatHeaders(buyer.userToken) })).json());
    const link = history.messages[0]?.attachments[0]?.url as string;
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const tampered = await t.app.inject({ method: 'GET', url: link.replace(/signature=[^&]+/, 'signature=forged') });
    expect(tampered.statusCode).toBe(404);
    const expired = await t.app.inject({ method: 'GET', url: link.replace(/expires=\d+/, `expires=${Date.now() - 1000}`) });
    expect(expired.statusCode).toBe(404);
  });

  it('goes through the checked upload path: pictures re-encoded, hostile PDFs and broken pictures refused in the sender’s language', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, other, buyer);
    const trailing = Buffer.concat([pngImage(), Buffer.from('<script>alert(document.domain)</script>')]);
    const picture = await upload(other, { filename: 'swatch.png', contentType: 'image/png', data: trailing });
    expect(picture.statusCode).toBe(201);
    await sendChat(t.app, other, chat, '', { attachmentIds: [picture.json().attachment.attachmentId] });
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${chat}`, headers: chatHeaders(buyer.userToken) })).json());
    const served = await t.app.inject({ method: 'GET', url: history.messages[0]?.attachments[0]?.url as string });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes('<script')).toBe(false);
    const scripted = await upload(other, { filename: 'terms.pdf', contentType: 'application/pdf', data: await pdfWithJavaScript() });
    expect(scripted.statusCode).toBe(400);
    expect(scripted.json()).toMatchObject({ field: 'file', message: VALIDATION_MESSAGES.en.PDF_NOT_ACCEPTED });
    const form = multipartBody({}, [{ field: 'file', filename: 'a.png', contentType: 'image/png', data: pngThenHtml() }]);
    const broken = await t.app.inject({ method: 'POST', url: '/chat/attachment', headers: { ...chatHeaders(other.userToken, { language: 'es' }), ...form.headers }, payload: form.payload });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ field: 'file', message: VALIDATION_MESSAGES.es.INVALID_FORMAT });
  });

  it('refuses a file that is not an image or PDF whatever its name, and someone else’s upload in a message', async () => {
    const fake = await upload(buyer, { filename: 'photo.png', contentType: 'image/png', data: textBytes() });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().field).toBe('file');
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, other, buyer);
    const theirs = (await upload(other, { filename: 'a.png', contentType: 'image/png', data: await pngBytes() })).json().attachment.attachmentId;
    const borrowed = await sendChat(t.app, buyer, chat, 'look', { attachmentIds: [theirs] });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().field).toBe('attachmentIds');
  });
});

describe('push to an offline receiver', () => {
  it('leaves a push in the notifications outbox (no VAPID keys) for a receiver who is not connected', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, other, buyer);
    await sendChat(t.app, other, chat, 'Your sample ships today');
    await t.app.services.events.settle();
    const pushes = await t.app.db.kysely.selectFrom('notification_outbox').select(['channel', 'recipient', 'body']).where('channel', '=', 'push').where('recipient', '=', buyer.chatUserId).execute();
    expect(pushes.some((push) => push.body.includes('Your sample ships today'))).toBe(true);
  });

  it('links each side’s push to its own message center: the buyer’s storefront, the seller portal', async () => {
    const store = await chatStore(t.app);
    const chat = await openDirectChat(t.app, store, buyer);
    await sendChat(t.app, store, chat, 'Sample dispatched');
    await sendChat(t.app, buyer, chat, 'Thank you');
    await t.app.services.events.settle();
    const pushTo = async (recipient: string, text: string) =>
      (await t.app.db.kysely.selectFrom('notification_outbox').select('body').where('channel', '=', 'push').where('recipient', '=', recipient).execute()).find((push) => push.body.includes(text))?.body;
    expect(await pushTo(buyer.chatUserId, 'Sample dispatched')).toContain(`/profile/message-center?c=${chat}`);
    const sellers = await pushTo(store.chatUserId, 'Thank you');
    expect(sellers).toContain(`/seller/messages?c=${chat}`);
    expect(sellers).not.toContain('/profile/message-center');
  });

  it('subscribes a browser to its own topic chat-{userId} (POST) and unsubscribes it (DELETE); another topic or a bad endpoint is a 400 naming the field', async () => {
    const subscriber = await chatBuyer(t.app);
    const endpoint = `https://push.example.test/send/${subscriber.chatUserId}`;
    const subscription = { endpoint, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
    const call = (method: 'POST' | 'DELETE', payload: unknown) =>
      t.app.inject({ method, url: '/chat/push/subscription', headers: { ...chatHeaders(subscriber.userToken), language: 'es' }, payload: payload as Record<string, unknown> });
    const rows = () => t.app.db.kysely.selectFrom('chat_push_subscriptions').select(['topic', 'endpoint']).where('user_id', '=', subscriber.chatUserId).execute();

    const someoneElse = await call('POST', { topic: `chat-${buyer.chatUserId}`, subscription });
    expect(someoneElse.statusCode).toBe(400);
    expect(someoneElse.json().field).toBe('topic');
    const badEndpoint = await call('POST', { topic: `chat-${subscriber.chatUserId}`, subscription: { ...subscription, endpoint: 'not a url' } });
    expect(badEndpoint.statusCode).toBe(400);
    expect(badEndpoint.json().field).toBe('subscription.endpoint');
    expect(await rows()).toEqual([]);

    expect((await call('POST', { topic: `chat-${subscriber.chatUserId}`, subscription })).statusCode).toBe(200);
    expect((await call('POST', { topic: `chat-${subscriber.chatUserId}`, subscription })).statusCode).toBe(200);
    expect(await rows()).toEqual([{ topic: `chat-${subscriber.chatUserId}`, endpoint }]);
    const gone = await call('DELETE', { topic: `chat-${subscriber.chatUserId}`, endpoint });
    expect(gone.statusCode).toBe(200);
    expect(await rows()).toEqual([]);
    // A logout that unsubscribes twice (two tabs) is not an error.
    expect((await call('DELETE', { topic: `chat-${subscriber.chatUserId}` })).statusCode).toBe(200);
  });
});
