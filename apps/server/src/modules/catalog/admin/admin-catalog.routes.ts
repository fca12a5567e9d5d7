import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_IMAGE_UPLOAD_MAX_BYTES,
  ZAdminBannerSchema,
  ZAdminBrandSchema,
  ZAdminCategorySchema,
  ZAdminMenuItemSchema,
  ZAdminMenuQuerySchema,
  ZAdminSpecialitySchema,
  ZAdminStoreOptionSchema,
  ZBannerInputSchema,
  ZBannerPatchSchema,
  ZBrandInputSchema,
  ZBrandPatchSchema,
  ZCategoryInputSchema,
  ZCategoryPatchSchema,
  ZMenuItemInputSchema,
  ZMenuItemPatchSchema,
  ZMessageResponseSchema,
  ZSpecialityInputSchema,
  ZSpecialityPatchSchema,
  ZSpecialityStoresInputSchema,
  ZStoreSpecialitiesInputSchema,
  zId,
} from '@tessera/contracts';
import { InvalidField } from '../../../lib/errors.js';
import { readMultipartFiles, registerMultipart } from '../../uploads/index.js';
import type { AdminCatalogService } from './admin-catalog.service.js';

const ZIdParamsSchema = z.object({ id: zId() });
const one = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });
const many = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: z.array(item) });

/** The one image of a multipart request, in `field`; none at all is an invalid image. */
async function readImage(request: FastifyRequest, field: string) {
  const form = await readMultipartFiles(request, { maxFileBytes: CATALOG_IMAGE_UPLOAD_MAX_BYTES, maxFiles: 1, fileFields: [field], fields: [] });
  const file = form.files[0];
  if (!file) throw InvalidField(field, 'IMAGE_FORMAT_INVALID');
  return { data: file.data, filename: file.filename };
}

const imageDescription =
  'Multipart. The file is checked by its content (not its name), re-encoded as WebP with its longest side at most 1920 px, and served publicly at the answered URL.';

/**
 * The admin console's catalog API: categories, brands, the home page's menus, banners and
 * specialities. Every team member reads; owners and moderators write.
 */
export function adminCatalogRoutes(deps: { adminCatalog: AdminCatalogService }): FastifyPluginAsync {
  const { adminCatalog } = deps;
  return async (app) => {
    await registerMultipart(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const readers = { access: ['team'] } as const;
    const editors = { access: ['team:owner', 'team:moderator'] } as const;
    const tags = ['admin catalog'];
    const requester = (request: FastifyRequest) => ({ userId: request.auth.userId, userType: request.auth.userType });

    // Categories -------------------------------------------------------------------------------
    typed.get(
      '/v1/admin/categories',
      { config: readers, schema: { tags, summary: 'Every category, depth first (parents before children, siblings by sort)', response: { 200: many(ZAdminCategorySchema) } } },
      async () => ({ message: 'ok', data: await adminCatalog.categories.list() }),
    );
    typed.post(
      '/v1/admin/categories',
      { config: editors, schema: { tags, summary: 'Create a category (409 SLUG_TAKEN on a used slug)', body: ZCategoryInputSchema, response: { 200: one(ZAdminCategorySchema) } } },
      async (request) => ({ message: 'Category created', data: await adminCatalog.categories.create({ input: request.body }) }),
    );
    typed.patch(
      '/v1/admin/categories/:id',
      { config: editors, schema: { tags, summary: 'Edit a category; a parent below itself is refused', params: ZIdParamsSchema, body: ZCategoryPatchSchema, response: { 200: one(ZAdminCategorySchema) } } },
      async (request) => ({ message: 'Category updated', data: await adminCatalog.categories.update({ id: request.params.id, patch: request.body }) }),
    );
    typed.delete(
      '/v1/admin/categories/:id',
      { config: editors, schema: { tags, summary: 'Delete a category (409 CATEGORY_IN_USE while it has subcategories, products or menu links)', params: ZIdParamsSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await adminCatalog.categories.delete({ id: request.params.id, requester: requester(request) });
        return { message: 'Category deleted' };
      },
    );
    typed.post(
      '/v1/admin/categories/:id/image',
      { config: editors, schema: { tags, summary: 'Replace the category image (field "image")', description: imageDescription, consumes: ['multipart/form-data'], params: ZIdParamsSchema, response: { 200: one(ZAdminCategorySchema) } } },
      async (request) => ({ message: 'Image updated', data: await adminCatalog.categories.setImage({ id: request.params.id, ...(await readImage(request, 'image')), requester: requester(request) }) }),
    );
    typed.delete(
      '/v1/admin/categories/:id/image',
      { config: editors, schema: { tags, summary: 'Remove the category image', params: ZIdParamsSchema, response: { 200: one(ZAdminCategorySchema) } } },
      async (request) => ({ message: 'Image removed', data: await adminCatalog.categories.removeImage({ id: request.params.id, requester: requester(request) }) }),
    );

    // Brands -----------------------------------------------------------------------------------
    typed.get(
      '/v1/admin/brands',
      { config: readers, schema: { tags, summary: 'Every brand, by sort', response: { 200: many(ZAdminBrandSchema) } } },
      async () => ({ message: 'ok', data: await adminCatalog.brands.list() }),
    );
    typed.post(
      '/v1/admin/brands',
      { config: editors, schema: { tags, summary: 'Create a brand (409 SLUG_TAKEN on a used slug)', body: ZBrandInputSchema, response: { 200: one(ZAdminBrandSchema) } } },
      async (request) => ({ message: 'Brand created', data: await adminCatalog.brands.create({ input: request.body }) }),
    );
    typed.patch(
      '/v1/admin/brands/:id',
      { config: editors, schema: { tags, summary: 'Edit a brand', params: ZIdParamsSchema, body: ZBrandPatchSchema, response: { 200: one(ZAdminBrandSchema) } } },
      async (request) => ({ message: 'Brand updated', data: await adminCatalog.brands.update({ id: request.params.id, patch: request.body }) }),
    );
    typed.delete(
      '/v1/admin/brands/:id',
      { config: editors, schema: { tags, summary: 'Delete a brand (409 BRAND_IN_USE while products or menu items use it)', params: ZIdParamsSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await adminCatalog.brands.delete({ id: request.params.id, requester: requester(request) });
        return { message: 'Brand deleted' };
      },
    );
    typed.post(
      '/v1/admin/brands/:id/logo',
      { config: editors, schema: { tags, summary: 'Replace the brand logo (field "logo")', description: imageDescription, consumes: ['multipart/form-data'], params: ZIdParamsSchema, response: { 200: one(ZAdminBrandSchema) } } },
      async (request) => ({ message: 'Logo updated', data: await adminCatalog.brands.setLogo({ id: request.params.id, ...(await readImage(request, 'logo')), requester: requester(request) }) }),
    );
    typed.delete(
      '/v1/admin/brands/:id/logo',
      { config: editors, schema: { tags, summary: 'Remove the brand logo', params: ZIdParamsSchema, response: { 200: one(ZAdminBrandSchema) } } },
      async (request) => ({ message: 'Logo removed', data: await adminCatalog.brands.removeLogo({ id: request.params.id, requester: requester(request) }) }),
    );

    // Menus ------------------------------------------------------------------------------------
    typed.get(
      '/v1/admin/menu-items',
      { config: readers, schema: { tags, summary: 'One menu (mega, brand or store), depth first', querystring: ZAdminMenuQuerySchema, response: { 200: many(ZAdminMenuItemSchema) } } },
      async (request) => ({ message: 'ok', data: await adminCatalog.menus.list({ menu: request.query.menu }) }),
    );
    typed.post(
      '/v1/admin/menu-items',
      {
        config: editors,
        schema: {
          tags,
          summary: 'Add a menu item; its link must lead to an existing category, brand or store (400 LINK_TARGET_NOT_FOUND), a search or a site path',
          body: ZMenuItemInputSchema,
          response: { 200: one(ZAdminMenuItemSchema) },
        },
      },
      async (request) => ({ message: 'Menu item created', data: await adminCatalog.menus.create({ input: request.body }) }),
    );
    typed.patch(
      '/v1/admin/menu-items/:id',
      { config: editors, schema: { tags, summary: 'Edit a menu item (label, link, parent, sort)', params: ZIdParamsSchema, body: ZMenuItemPatchSchema, response: { 200: one(ZAdminMenuItemSchema) } } },
      async (request) => ({ message: 'Menu item updated', data: await adminCatalog.menus.update({ id: request.params.id, patch: request.body }) }),
    );
    typed.delete(
      '/v1/admin/menu-items/:id',
      { config: editors, schema: { tags, summary: 'Delete a menu item and the items nested under it', params: ZIdParamsSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await adminCatalog.menus.delete({ id: request.params.id });
        return { message: 'Menu item deleted' };
      },
    );

    // Banners ----------------------------------------------------------------------------------
    typed.get(
      '/v1/admin/banners',
      { config: readers, schema: { tags, summary: 'Every banner by placement and sort, with whether it is live now', response: { 200: many(ZAdminBannerSchema) } } },
      async () => ({ message: 'ok', data: await adminCatalog.banners.list() }),
    );
    typed.post(
      '/v1/admin/banners',
      { config: editors, schema: { tags, summary: 'Create a banner', body: ZBannerInputSchema, response: { 200: one(ZAdminBannerSchema) } } },
      async (request) => ({ message: 'Banner created', data: await adminCatalog.banners.create({ input: request.body }) }),
    );
    typed.patch(
      '/v1/admin/banners/:id',
      { config: editors, schema: { tags, summary: 'Edit a banner', params: ZIdParamsSchema, body: ZBannerPatchSchema, response: { 200: one(ZAdminBannerSchema) } } },
      async (request) => ({ message: 'Banner updated', data: await adminCatalog.banners.update({ id: request.params.id, patch: request.body }) }),
    );
    typed.delete(
      '/v1/admin/banners/:id',
      { config: editors, schema: { tags, summary: 'Delete a banner', params: ZIdParamsSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await adminCatalog.banners.delete({ id: request.params.id, requester: requester(request) });
        return { message: 'Banner deleted' };
      },
    );
    typed.post(
      '/v1/admin/banners/:id/image',
      { config: editors, schema: { tags, summary: 'Replace the banner image (field "image")', description: imageDescription, consumes: ['multipart/form-data'], params: ZIdParamsSchema, response: { 200: one(ZAdminBannerSchema) } } },
      async (request) => ({ message: 'Image updated', data: await adminCatalog.banners.setImage({ id: request.params.id, ...(await readImage(request, 'image')), requester: requester(request) }) }),
    );

    // Specialities -----------------------------------------------------------------------------
    typed.get(
      '/v1/admin/specialities',
      { config: readers, schema: { tags, summary: 'Every speciality (active and hidden) with the stores that have it', response: { 200: many(ZAdminSpecialitySchema) } } },
      async () => ({ message: 'ok', data: await adminCatalog.specialities.list() }),
    );
    typed.post(
      '/v1/admin/specialities',
      { config: editors, schema: { tags, summary: 'Create a speciality (409 SLUG_TAKEN on a used slug)', body: ZSpecialityInputSchema, response: { 200: one(ZAdminSpecialitySchema) } } },
      async (request) => ({ message: 'Speciality created', data: await adminCatalog.specialities.create({ input: request.body }) }),
    );
    typed.patch(
      '/v1/admin/specialities/:id',
      { config: editors, schema: { tags, summary: 'Edit a speciality', params: ZIdParamsSchema, body: ZSpecialityPatchSchema, response: { 200: one(ZAdminSpecialitySchema) } } },
      async (request) => ({ message: 'Speciality updated', data: await adminCatalog.specialities.update({ id: request.params.id, patch: request.body }) }),
    );
    typed.delete(
      '/v1/admin/specialities/:id',
      { config: editors, schema: { tags, summary: 'Delete a speciality (stores lose it)', params: ZIdParamsSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await adminCatalog.specialities.delete({ id: request.params.id });
        return { message: 'Speciality deleted' };
      },
    );
    typed.put(
      '/v1/admin/specialities/:id/stores',
      { config: editors, schema: { tags, summary: 'Set which stores have the speciality (replaces the set)', params: ZIdParamsSchema, body: ZSpecialityStoresInputSchema, response: { 200: one(ZAdminSpecialitySchema) } } },
      async (request) => ({ message: 'Stores updated', data: await adminCatalog.specialities.setStores({ id: request.params.id, storeIds: request.body.storeIds }) }),
    );

    // Stores (pickers and a store's specialities) ------------------------------------------------
    typed.get(
      '/v1/admin/catalog/stores',
      { config: readers, schema: { tags, summary: 'Every store with its specialities, for the console’s pickers', response: { 200: many(ZAdminStoreOptionSchema) } } },
      async () => ({ message: 'ok', data: await adminCatalog.specialities.listStores() }),
    );
    typed.put(
      '/v1/admin/stores/:id/specialities',
      { config: editors, schema: { tags, summary: 'Set a store’s specialities (replaces the set)', params: ZIdParamsSchema, body: ZStoreSpecialitiesInputSchema, response: { 200: one(ZAdminStoreOptionSchema) } } },
      async (request) => ({ message: 'Specialities updated', data: await adminCatalog.specialities.setStoreSpecialities({ storeId: request.params.id, specialityIds: request.body.specialityIds }) }),
    );
  };
}
