import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Services } from '../../services.js';
import { QuotationAttachmentLinks } from './quotation-links.js';
import { QuotationReads } from './quotation-read.js';
import { quotationsRoutes } from './quotations.routes.js';
import { QuotationsService } from './quotations.service.js';

/** How often answers past their validity and requests past their deadline are written expired (readers see it at once). */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Quotations and requests for quotation (issue #13 §1): docs/quotations.md. */
export interface QuotationServices {
  quotations: QuotationsService;
  reads: QuotationReads;
  links: QuotationAttachmentLinks;
}

export function createQuotationServices(options: {
  shared: Pick<Services, 'notifications' | 'uploads' | 'buying'>;
  db: Kysely<Database>;
  publicUrl: string;
  signingKey: Uint8Array;
}): QuotationServices {
  const { shared, db } = options;
  return {
    quotations: new QuotationsService({
      db,
      cart: shared.buying.cart,
      notifications: shared.notifications,
      uploads: shared.uploads,
      publicUrl: options.publicUrl,
    }),
    reads: new QuotationReads({ db, delivery: shared.buying.delivery }),
    links: new QuotationAttachmentLinks(options.signingKey),
  };
}

/** The routes, and the periodic expiry sweep for as long as the app runs. */
export async function registerQuotations(app: FastifyInstance, services: Services): Promise<void> {
  const { quotations, reads, links } = services.quotations;
  await app.register(quotationsRoutes({ quotations, reads, links, uploads: services.uploads, chat: services.chat }));
  const sweep = () => quotations.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'quotations not swept'));
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
