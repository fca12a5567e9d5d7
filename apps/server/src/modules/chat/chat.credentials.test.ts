import { describe, expect, it } from 'vitest';
import { ZAppConfigResponseSchema } from '@tessera/contracts';
import { createTestApp } from '../../test/app.js';
import { chatBuyer } from '../../test/chat.js';

describe('the chat application credentials come from configuration', () => {
  it('hands the configured licenseKey and appSecret to the web through GET /v1/config, and only those open /chat', async () => {
    const t = await createTestApp({ chatLicenseKey: 'deployment-license', chatAppSecret: 'deployment-secret' });
    const buyer = await chatBuyer(t.app);
    const config = ZAppConfigResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/v1/config', headers: { authorization: buyer.token } })).json());
    expect(config.data.chat).toEqual({ licenseKey: 'deployment-license', appSecret: 'deployment-secret' });
    const headers = (licensekey: string, appsecret: string) => ({ licensekey, appsecret, usertoken: buyer.userToken });
    const configured = await t.app.inject({
      method: 'GET',
      url: '/chat/conversations',
      headers: headers(config.data.chat.licenseKey, config.data.chat.appSecret),
    });
    expect(configured.statusCode).toBe(200);
    const embedded = await t.app.inject({ method: 'GET', url: '/chat/conversations', headers: headers('tessera-chat-license', 'tessera-chat-app-secret') });
    expect(embedded.statusCode).toBe(401);
    expect(embedded.json().code).toBe('CHAT_CREDENTIALS_INVALID');
  });
});
