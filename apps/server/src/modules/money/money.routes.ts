import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.js';
import { currenciesRoutes } from '../currencies/index.js';
import { paymentsRoutes } from '../payments/index.js';
import { promotionsRoutes } from '../promotions/index.js';
import { walletRoutes } from '../wallet/index.js';

/** Every route of the money modules (payments, wallet and points, promo codes, currencies). */
export function moneyRoutes(services: Pick<Services, 'money' | 'sellers'>): FastifyPluginAsync {
  const { money } = services;
  return async (app) => {
    await app.register(paymentsRoutes(money.payments));
    // Payments whose provider's answer was lost are looked up and settled (payments.service.ts: reconcile).
    const stopReconciling = money.payments.startReconciling();
    app.addHook('onClose', async () => stopReconciling());
    await app.register(walletRoutes(money));
    await app.register(promotionsRoutes({ promotions: money.promotions, sellers: services.sellers }));
    await app.register(currenciesRoutes(money.currencies));
  };
}
