import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createTeamMember, signUpSeller } from '../../test/roles.js';

// Issue #17 §2: an e-mail that is part of a change (a store approved) is written with the change and
// delivered by the events outbox after the commit. A server that goes down between the commit and the
// delivery loses nothing: the instance that takes over (a restart on the same database) delivers it,
// once, and a change that did not happen sends nothing.
describe('an approval e-mail across a crash between commit and delivery', () => {
  it('is delivered once by the restarted server', async () => {
    const first = await createTestApp();
    const moderator = await createTeamMember(first.app, 'moderator');
    const seller = await signUpSeller(first.app, { language: 'es', storeName: 'Cestería Sol' });
    const store = await first.app.inject({ method: 'GET', url: '/v1/seller/store', headers: { authorization: seller.token } });
    const storeId = store.json().data.id as string;

    // The dispatcher stops: the server is as good as gone once the review has committed.
    await first.app.services.events.stop();
    const review = (payload: object) =>
      first.app.inject({ method: 'POST', url: `/v1/admin/sellers/${storeId}/review`, headers: { authorization: moderator.token }, payload });
    expect((await review({ decision: 'approve' })).statusCode).toBe(200);
    // A second review is refused and queues nothing.
    expect((await review({ decision: 'reject', reason: 'Changed my mind.' })).statusCode).toBe(409);
    const mails = () =>
      first.app.db.kysely
        .selectFrom('notification_outbox')
        .select(['template', 'status'])
        .where('recipient', '=', seller.email)
        .where('template', 'like', 'seller-%')
        .execute();
    expect(await mails()).toEqual([{ template: 'seller-approved', status: 'queued' }]);

    const restarted = await createTestApp({}, { shareWith: first });
    await restarted.app.services.events.settle();
    expect(await mails()).toEqual([{ template: 'seller-approved', status: 'outbox' }]);
    const mail = await restarted.app.services.notifications.latestFor({ recipient: seller.email, template: 'seller-approved' });
    expect(mail?.subject).toBe('Tu tienda Cestería Sol ya está abierta en Tessera');

    // Delivering again (a retried event, the first server back) sends nothing twice.
    first.app.services.events.start();
    await Promise.all([first.app.services.events.settle(), restarted.app.services.events.settle()]);
    expect(await mails()).toEqual([{ template: 'seller-approved', status: 'outbox' }]);
  });
});
