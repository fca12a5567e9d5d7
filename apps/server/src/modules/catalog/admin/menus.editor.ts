import { MENU_MAX_DEPTH, isSiteLink, type MenuKind, type TAdminMenuItem, type TMenuItemInput, type TMenuItemPatch } from '@tessera/contracts';
import { AppError, Invalid, InvalidField, NotFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { mediaUrl } from '../model/index.js';
import { committed, compact, depthFirst, englishOf, parseTexts, type AdminCatalogDeps } from './admin-shared.js';

/** The home page's menus (mega, brand, store): trees of bounded depth whose links lead somewhere. */
export class MenusEditor {
  constructor(private readonly deps: AdminCatalogDeps) {}

  async list(options: { menu: MenuKind }): Promise<TAdminMenuItem[]> {
    const { db } = this.deps;
    const rows = await db.selectFrom('menu_items').selectAll().where('menu', '=', options.menu).execute();
    const idsOf = (type: string) => [...new Set(rows.filter((row) => row.link_type === type).map((row) => row.link_value))];
    const [categories, brands, stores] = await Promise.all([
      idsOf('category').length ? db.selectFrom('categories').select(['id', 'name']).where('id', 'in', idsOf('category')).execute() : [],
      idsOf('brand').length ? db.selectFrom('brands').select(['id', 'name']).where('id', 'in', idsOf('brand')).execute() : [],
      idsOf('store').length ? db.selectFrom('stores').select(['id', 'store_alias_name']).where('id', 'in', idsOf('store')).execute() : [],
    ]);
    const names = new Map<string, string>([
      ...categories.map((row) => [`category:${row.id}`, englishOf(row.name)] as const),
      ...brands.map((row) => [`brand:${row.id}`, row.name] as const),
      ...stores.map((row) => [`store:${row.id}`, row.store_alias_name] as const),
    ]);
    return depthFirst(rows).map((row) => ({
      id: row.id,
      menu: row.menu as MenuKind,
      parentId: row.parent_id,
      label: parseTexts(row.label),
      linkType: row.link_type as TAdminMenuItem['linkType'],
      linkValue: row.link_value,
      targetName: names.get(`${row.link_type}:${row.link_value}`) ?? null,
      imageUrl: mediaUrl(row.image_upload_id),
      sort: Number(row.sort),
      depth: row.depth,
      updatedAt: Number(row.updated_at),
    }));
  }

  private async item(id: string): Promise<TAdminMenuItem> {
    const row = await this.deps.db.selectFrom('menu_items').select('menu').where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    const found = (await this.list({ menu: row.menu as MenuKind })).find((item) => item.id === id);
    if (!found) throw NotFound();
    return found;
  }

  async create(options: { input: TMenuItemInput }): Promise<TAdminMenuItem> {
    const { input } = options;
    const id = newId();
    const linkValue = await this.checkLink(input.linkType, input.linkValue);
    await this.assertParent({ menu: input.menu, id, parentId: input.parentId });
    const now = Date.now();
    await committed(this.deps, (trx) =>
      trx
        .insertInto('menu_items')
        .values({
          id,
          menu: input.menu,
          parent_id: input.parentId,
          label: compact(input.label),
          link_type: input.linkType,
          link_value: linkValue,
          image_upload_id: null,
          sort: input.sort,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    );
    return this.item(id);
  }

  async update(options: { id: string; patch: TMenuItemPatch }): Promise<TAdminMenuItem> {
    const { id, patch } = options;
    const current = await this.item(id);
    const linkType = patch.linkType ?? current.linkType;
    const linkChanged = patch.linkType !== undefined || patch.linkValue !== undefined;
    const linkValue = linkChanged ? await this.checkLink(linkType, patch.linkValue ?? current.linkValue) : current.linkValue;
    if (patch.parentId !== undefined) await this.assertParent({ menu: current.menu, id, parentId: patch.parentId });
    await committed(this.deps, (trx) =>
      trx
        .updateTable('menu_items')
        .set({
          ...(patch.label ? { label: compact(patch.label) } : {}),
          ...(linkChanged ? { link_type: linkType, link_value: linkValue } : {}),
          ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
          ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
          updated_at: Date.now(),
        })
        .where('id', '=', id)
        .execute(),
    );
    return this.item(id);
  }

  /** Deletes the item and everything nested under it. */
  async delete(options: { id: string }): Promise<void> {
    const current = await this.item(options.id);
    const items = await this.list({ menu: current.menu });
    const doomed = new Set([options.id]);
    for (const item of items) if (item.parentId && doomed.has(item.parentId)) doomed.add(item.id);
    // Children first, so that neither database's foreign key sees an orphan on the way.
    const order = items.filter((item) => doomed.has(item.id)).reverse();
    await committed(this.deps, async (trx) => {
      for (const item of order) await trx.deleteFrom('menu_items').where('id', '=', item.id).execute();
    });
  }

  /** A link must lead somewhere: an existing category, brand or store; a search text; or a site path. */
  private async checkLink(linkType: TMenuItemInput['linkType'], value: string): Promise<string> {
    const { db } = this.deps;
    const linkValue = value.trim();
    const exists = async () => {
      switch (linkType) {
        case 'category':
          return Boolean(await db.selectFrom('categories').select('id').where('id', '=', linkValue).executeTakeFirst());
        case 'brand':
          return Boolean(await db.selectFrom('brands').select('id').where('id', '=', linkValue).executeTakeFirst());
        case 'store':
          return Boolean(await db.selectFrom('stores').select('id').where('id', '=', linkValue).executeTakeFirst());
        default:
          return true;
      }
    };
    // A page of this site or an https address: the same rule as a banner's link.
    if (linkType === 'url' && !isSiteLink(linkValue)) throw InvalidField('linkValue', 'ENTER_VALID_LINK');
    if (!(await exists())) throw new AppError('LINK_TARGET_NOT_FOUND', 'linkValue');
    return linkValue;
  }

  /** The parent must be in the same menu, not the item or below it, and the menu's depth must hold. */
  private async assertParent(options: { menu: MenuKind; id: string; parentId: string | null }): Promise<void> {
    const items = await this.list({ menu: options.menu });
    const byId = new Map(items.map((item) => [item.id, item]));
    // How many levels the item's own subtree takes (1 for a leaf or a new item).
    let height = 1;
    const self = byId.get(options.id);
    if (self) for (const item of items) if (isUnder(item, options.id, byId)) height = Math.max(height, item.depth - self.depth + 1);
    if (options.parentId === null) return;
    const parent = byId.get(options.parentId);
    if (!parent) throw InvalidField('parentId', 'ID_UNKNOWN');
    if (parent.id === options.id || isUnder(parent, options.id, byId)) throw Invalid('parentId');
    if (parent.depth + 1 + height > MENU_MAX_DEPTH[options.menu]) throw Invalid('parentId');
  }
}

function isUnder(item: TAdminMenuItem, ancestorId: string, byId: Map<string, TAdminMenuItem>): boolean {
  for (let at = item.parentId ? byId.get(item.parentId) : undefined; at; at = at.parentId ? byId.get(at.parentId) : undefined) {
    if (at.id === ancestorId) return true;
  }
  return false;
}
