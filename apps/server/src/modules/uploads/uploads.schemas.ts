import { z } from 'zod';

/** GET /v1/uploads/:id. Any id shape is looked up: one that cannot exist is simply not found. */
export const ZUploadParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type TUploadParams = z.infer<typeof ZUploadParamsSchema>;
