import type { TStoreSummary } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { parsePrice, priceText } from './components/OfferDialog';
import { directChatPayload } from './start';

const store: TStoreSummary = {
  id: 'store-1',
  storeAliasName: 'atelier-nurul',
  storeName: 'Atelier Nurul',
  logoImages: { logoImageweb: '/media/logo-web.webp', logoImageThumb: null, logoImageMobile: null },
  country: 'MY',
  city: 'Kuala Lumpur',
  isomatricChatUserId: 'chat-store-1',
};

describe("the direct-chat payload (seed §3)", () => {
  it('carries the seed fields: DIRECT CHAT, both members, the names, images and searchable tags', () => {
    const payload = directChatPayload({ buyerChatId: 'buyer-1', seller: store, buyer: { name: 'Amira Haddad', profilePic: null } });
    expect(payload).toEqual({
      metaData: {
        type: 'DIRECT CHAT',
        buyerName: 'Amira Haddad',
        sellerAliasName: 'atelier-nurul',
        sellerName: 'Atelier Nurul',
        sellerImage: '/media/logo-web.webp',
        buyerImage: '',
      },
      members: ['buyer-1', 'chat-store-1'],
      isGroup: true,
      customType: 'ACTIVE_MESSAGE',
      conversationType: 0,
      conversationTitle: 'DIRECT CHAT',
      conversationImageUrl: '/media/logo-web.webp',
      typingEvents: true,
      readEvents: true,
      pushNotifications: true,
      searchableTags: ['Atelier Nurul', 'Amira Haddad', 'atelier-nurul'],
    });
  });

  it('remembers the product the chat started from', () => {
    const payload = directChatPayload({ buyerChatId: 'b', seller: store, buyer: { name: 'A', profilePic: '/p.webp' }, product: { id: 'p1', title: 'Tote' } });
    expect(payload.metaData).toMatchObject({ productId: 'p1', productTitle: 'Tote', buyerImage: '/p.webp' });
  });
});

describe('offer prices typed by hand', () => {
  it('reads a dot or a comma, in minor units of the currency', () => {
    expect(parsePrice('12.50', 'EUR')).toBe(1250);
    expect(parsePrice(' 12,5 ', 'EUR')).toBe(1250);
    expect(parsePrice('7', 'EUR')).toBe(700);
    expect(parsePrice('abc', 'EUR')).toBeNull();
    expect(parsePrice('-3', 'EUR')).toBeNull();
    expect(priceText(1250, 'EUR')).toBe('12.50');
  });
});
