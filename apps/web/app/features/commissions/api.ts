import type {
  TCommission,
  TCommissionCreate,
  TCommissionPay,
  TCommissionPaymentResponse,
  TCommissionProposal,
  TCommissionStep,
  TCommissionSummary,
  TProductCustomisation,
} from '@tessera/contracts';
import { redirect } from 'react-router';
import { api } from '../../lib/api';
import { refusable, type Problem } from '../../lib/route-data';
import { portalClient } from '../portal-shell/clients';

const one = (id: string) => encodeURIComponent(id);
/** A fresh key per user action: a retried request (the network dropped the answer) is answered once. */
const imagesForm = (files: readonly File[], note?: string) => {
  const form = new FormData();
  if (note) form.append('note', note);
  for (const file of files) form.append('images', file, file.name);
  return form;
};
export type PaymentAnswer = TCommissionPaymentResponse['data'];

/** The buyer's side (docs/commissions.md): ask, pay, approve or ask changes, cancel. */
export const commissionsApi = {
  customisation: async (productId: string, signal?: AbortSignal) =>
    (await api().get<{ data: TProductCustomisation }>(`/v1/commissions/customisation/${one(productId)}`, { signal })).data,
  list: async (signal?: AbortSignal) => (await api().get<{ data: TCommissionSummary[] }>('/v1/commissions', { signal })).data,
  get: async (id: string, signal?: AbortSignal) => (await api().get<{ data: TCommission }>(`/v1/commissions/${one(id)}`, { signal })).data,
  create: async (input: TCommissionCreate, idempotencyKey: string) =>
    (await api().post<{ data: TCommission }>('/v1/commissions', input, { headers: { 'idempotency-key': idempotencyKey } })).data,
  addImages: async (id: string, files: readonly File[]) =>
    (await api().post<{ data: TCommission }>(`/v1/commissions/${one(id)}/images`, imagesForm(files))).data,
  pay: async (id: string, stage: 'deposit' | 'balance', input: TCommissionPay, idempotencyKey: string) =>
    (await api().post<TCommissionPaymentResponse>(`/v1/commissions/${one(id)}/${stage}`, input, { headers: { 'idempotency-key': idempotencyKey } })).data,
  confirm: async (id: string, paymentRef: string, result: 'complete' | 'fail') =>
    (await api().post<TCommissionPaymentResponse>(`/v1/commissions/${one(id)}/payments/${one(paymentRef)}/confirm`, { result })).data,
  step: async (id: string, step: 'approve' | 'changes' | 'cancel' | 'decline', note?: string) =>
    (await api().post<{ data: TCommission }>(`/v1/commissions/${one(id)}/${step}`, note ? { note } : {})).data,
};

/** The buyer's request as the form sends it to the route's action: the request (JSON), its idempotency key, its reference images and, on a second try, the id created by the first. */
export function requestForm(request: TCommissionCreate, key: string, createdId: string | null, files: readonly File[]): FormData {
  const form = new FormData();
  form.set('request', JSON.stringify(request));
  form.set('key', key);
  if (createdId) form.set('createdId', createdId);
  for (const file of files) form.append('images', file, file.name);
  return form;
}

/**
 * The route's action for `requestForm`: creates the request (unless a first try did), then sends the
 * images; done, the buyer goes to the new commission. Refused images leave the request made: the
 * answer names it (`createdId`) with the refusal, so the form tries the images again, not the request.
 */
export async function sendRequest(form: FormData): Promise<{ createdId: string; problem: Problem } | Response> {
  const id =
    (form.get('createdId') as string | null) ??
    (await commissionsApi.create(JSON.parse(String(form.get('request'))) as TCommissionCreate, String(form.get('key')))).id;
  const files = form.getAll('images') as File[];
  if (files.length > 0) {
    const sent = await refusable(commissionsApi.addImages(id, files));
    if (sent.problem) return { createdId: id, problem: sent.problem };
  }
  return redirect(`/profile/commissions/${one(id)}`);
}

/** The seller portal's side: inbox, one commission, proposal, proofs, steps; the product form's customisation. */
export const sellerCommissionsApi = {
  inbox: async (signal?: AbortSignal) => (await portalClient('seller').get<{ data: TCommissionSummary[] }>('/v1/seller/commissions', { signal })).data,
  get: async (id: string, signal?: AbortSignal) => (await portalClient('seller').get<{ data: TCommission }>(`/v1/commissions/${one(id)}`, { signal })).data,
  propose: async (id: string, input: TCommissionProposal) =>
    (await portalClient('seller').post<{ data: TCommission }>(`/v1/seller/commissions/${one(id)}/proposal`, input)).data,
  proof: async (id: string, files: readonly File[], note?: string) =>
    (await portalClient('seller').post<{ data: TCommission }>(`/v1/seller/commissions/${one(id)}/proofs`, imagesForm(files, note))).data,
  step: async (id: string, action: TCommissionStep['action'], note?: string) =>
    (await portalClient('seller').post<{ data: TCommission }>(`/v1/seller/commissions/${one(id)}/step`, { action, ...(note ? { note } : {}) })).data,
  /** Decline a request, cancel, or refuse changes beyond the agreed rounds. */
  note: async (id: string, step: 'decline' | 'cancel' | 'refuse-changes', note?: string) =>
    (
      await portalClient('seller').post<{ data: TCommission }>(
        step === 'refuse-changes' ? `/v1/seller/commissions/${one(id)}/refuse-changes` : `/v1/commissions/${one(id)}/${step}`,
        note ? { note } : {},
      )
    ).data,
  customisation: async (productId: string, signal?: AbortSignal) =>
    (await portalClient('seller').get<{ data: TProductCustomisation }>(`/v1/seller/products/${one(productId)}/customisation`, { signal })).data,
  saveCustomisation: async (productId: string, input: TProductCustomisation) =>
    (await portalClient('seller').request<{ data: TProductCustomisation }>('PUT', `/v1/seller/products/${one(productId)}/customisation`, { body: input })).data,
};

export const adminCommissionsApi = {
  list: async (signal?: AbortSignal) => (await portalClient('admin').get<{ data: TCommissionSummary[] }>('/v1/admin/commissions', { signal })).data,
};
