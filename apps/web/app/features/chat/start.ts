import { DIRECT_CHAT_CUSTOM_TYPE, DIRECT_CHAT_TYPE, MESSAGE_CENTER_PATH, type TDirectConversationRequest, type TProfile, type TStoreSummary } from '@tessera/contracts';
import { createConversation, findDirectConversation } from './api';
import { ensureChatSession } from './session';

/** Seed §3 direct-chat payload, filled from the store and the buyer. */
export function directChatPayload(options: { buyerChatId: string; seller: TStoreSummary; buyer: Pick<TProfile, 'name' | 'profilePic'>; product?: { id: string; title: string } | undefined }): TDirectConversationRequest {
  const { seller, buyer } = options;
  const sellerImage = seller.logoImages.logoImageweb ?? seller.logoImages.logoImageThumb ?? seller.logoImages.logoImageMobile ?? '';
  return {
    metaData: {
      type: DIRECT_CHAT_TYPE,
      buyerName: buyer.name,
      sellerAliasName: seller.storeAliasName,
      sellerName: seller.storeName,
      sellerImage,
      buyerImage: buyer.profilePic ?? '',
      // Where the chat started (kept for the seller's offer form); the seed's fields are above.
      ...(options.product ? { productId: options.product.id, productTitle: options.product.title } : {}),
    },
    members: [options.buyerChatId, seller.isomatricChatUserId ?? seller.id],
    isGroup: true,
    customType: DIRECT_CHAT_CUSTOM_TYPE,
    conversationType: 0,
    conversationTitle: DIRECT_CHAT_TYPE,
    conversationImageUrl: sellerImage,
    typingEvents: true,
    readEvents: true,
    pushNotifications: true,
    searchableTags: [seller.storeName, buyer.name, seller.storeAliasName].filter((tag) => tag.trim().length > 0).map((tag) => tag.slice(0, 120)),
  };
}

/**
 * 'Chat with seller' (seed §2, §8): the direct conversation with the store is found
 * (membersExactly) or created, and the answer is where to go: the message center with `c` set,
 * or the bare message center when no conversation id came back. Failures are logged, not shown.
 */
export async function openDirectChat(options: { seller: TStoreSummary; buyer: Pick<TProfile, 'name' | 'profilePic'>; product?: { id: string; title: string } | undefined }): Promise<string> {
  const sellerChatId = options.seller.isomatricChatUserId;
  try {
    const session = await ensureChatSession('storefront');
    if (!session || !sellerChatId) return MESSAGE_CENTER_PATH;
    const members = [session.userId, sellerChatId];
    const conversationId =
      (await findDirectConversation('storefront', members)) ??
      (await createConversation('storefront', directChatPayload({ buyerChatId: session.userId, seller: options.seller, buyer: options.buyer, product: options.product })));
    return conversationId ? `${MESSAGE_CENTER_PATH}?c=${encodeURIComponent(conversationId)}` : MESSAGE_CENTER_PATH;
  } catch (error) {
    console.warn('[chat] direct conversation not opened', error);
    return MESSAGE_CENTER_PATH;
  }
}
