import type { TStore, TStoreUpdate } from '@tessera/contracts';
import { portalClient } from '../../portal-shell/clients';
import { STORE_PATH } from '../../portal-shell/SellerPortal';

/** The store editor's writes (routes/seller/store.tsx's clientAction); the store itself is the seller layout's. */
export const storeApi = {
  save: async (payload: TStoreUpdate) => (await portalClient('seller').request<{ data: TStore }>('PATCH', STORE_PATH, { body: payload })).data,
  /** The form data holds the file as `logo` (the server makes the three sizes). */
  uploadLogo: async (form: FormData) => {
    const file = form.get('logo') as File;
    const body = new FormData();
    body.append('logo', file, file.name);
    return (await portalClient('seller').post<{ data: TStore }>(`${STORE_PATH}/logo`, body)).data;
  },
};
