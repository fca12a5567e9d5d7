import { BannersEditor } from './banners.editor.js';
import { BrandsEditor } from './brands.editor.js';
import { CategoriesEditor } from './categories.editor.js';
import { MenusEditor } from './menus.editor.js';
import type { AdminCatalogDeps } from './admin-shared.js';
import { SpecialitiesEditor } from './specialities.editor.js';

/**
 * The store team's side of the catalog, one editor per file: categories, brands, the home page's
 * menus, banners and the makers' specialities. Every committed write bumps the catalog version so
 * that buyers' read caches see it at once (admin-shared.ts). Images arrive as uploads, are checked
 * by content, shrunk to WebP and kept public (admin-images.ts).
 */
export class AdminCatalogService {
  readonly categories: CategoriesEditor;
  readonly brands: BrandsEditor;
  readonly menus: MenusEditor;
  readonly banners: BannersEditor;
  readonly specialities: SpecialitiesEditor;

  constructor(deps: AdminCatalogDeps) {
    this.categories = new CategoriesEditor(deps);
    this.brands = new BrandsEditor(deps);
    this.menus = new MenusEditor(deps);
    this.banners = new BannersEditor(deps);
    this.specialities = new SpecialitiesEditor(deps);
  }
}
