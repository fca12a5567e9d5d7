import { sql, type Kysely, type Migration } from "kysely";

/**
 * The catalog (issue #4): categories, brands, specialities, menus, banners, products with variants,
 * materials, certifications and images, the derived facet rows that filters and facet counts read,
 * notify-me sign-ups and recent searches; and the public flag on uploads (catalog images are
 * served to everyone). The full-text search tables are dialect specific: 006_search.
 */
export const catalog: Migration = {
  async up(db: Kysely<unknown>) {
    // Uploads: catalog images and certificate evidence are public; everything else stays private.
    await db.schema
      .alterTable("uploads")
      .addColumn("public", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    // Store logos show on public store pages and product cards.
    await sql`update uploads set public = 1 where purpose = 'store-logo'`.execute(db);
    // Stores: a maker's story and a flag for the home page's featured makers.
    await db.schema
      .alterTable("stores")
      .addColumn("story", "text", (c) => c.notNull().defaultTo("{}"))
      .execute();
    await db.schema
      .alterTable("stores")
      .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("categories")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("parent_id", "text", (c) =>
        c.references("categories.id").onDelete("restrict"),
      )
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("image_upload_id", "text")
      .addColumn("sort", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("categories_parent")
      .on("categories")
      .columns(["parent_id", "sort"])
      .execute();

    await db.schema
      .createTable("brands")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("logo_upload_id", "text")
      .addColumn("sort", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("specialities")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("status", "integer", (c) => c.notNull())
      .addColumn("sort", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("store_specialities")
      .addColumn("store_id", "text", (c) =>
        c.notNull().references("stores.id").onDelete("cascade"),
      )
      .addColumn("speciality_id", "text", (c) =>
        c.notNull().references("specialities.id").onDelete("cascade"),
      )
      .addPrimaryKeyConstraint("store_specialities_pk", [
        "store_id",
        "speciality_id",
      ])
      .execute();
    await db.schema
      .createIndex("store_specialities_speciality")
      .on("store_specialities")
      .column("speciality_id")
      .execute();

    await db.schema
      .createTable("menu_items")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("menu", "text", (c) => c.notNull())
      .addColumn("parent_id", "text", (c) =>
        c.references("menu_items.id").onDelete("cascade"),
      )
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("link_type", "text", (c) => c.notNull())
      .addColumn("link_value", "text", (c) => c.notNull())
      .addColumn("image_upload_id", "text")
      .addColumn("sort", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("menu_items_menu")
      .on("menu_items")
      .columns(["menu", "parent_id", "sort"])
      .execute();

    await db.schema
      .createTable("banners")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("subtitle", "text", (c) => c.notNull())
      .addColumn("image_upload_id", "text")
      .addColumn("href", "text", (c) => c.notNull())
      .addColumn("placement", "text", (c) => c.notNull())
      .addColumn("sort", "integer", (c) => c.notNull())
      .addColumn("active", "integer", (c) => c.notNull())
      .addColumn("starts_at", "bigint")
      .addColumn("ends_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("products")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("store_id", "text", (c) =>
        c.notNull().references("stores.id").onDelete("cascade"),
      )
      .addColumn("category_id", "text", (c) =>
        c.notNull().references("categories.id"),
      )
      .addColumn("brand_id", "text", (c) =>
        c.references("brands.id").onDelete("set null"),
      )
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("highlights", "text", (c) => c.notNull())
      .addColumn("specs", "text", (c) => c.notNull())
      .addColumn("size_chart", "text")
      .addColumn("manufacturer", "text", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull())
      // The lowest variant price (or the product's own); MRP alike. The discount is derived.
      .addColumn("price", "bigint", (c) => c.notNull())
      .addColumn("mrp", "bigint", (c) => c.notNull())
      .addColumn("moq", "integer", (c) => c.notNull())
      // The sum of the variants' stock when there are variants.
      .addColumn("stock", "integer", (c) => c.notNull())
      .addColumn("restockable", "integer", (c) => c.notNull())
      .addColumn("origin_country", "text", (c) => c.notNull())
      .addColumn("origin_region", "text", (c) => c.notNull())
      .addColumn("maker_name", "text", (c) => c.notNull())
      .addColumn("maker_type", "text", (c) => c.notNull())
      .addColumn("production_method", "text", (c) => c.notNull())
      .addColumn("lead_time_days", "integer", (c) => c.notNull())
      .addColumn("tags", "text", (c) => c.notNull())
      // Average stars × 100 (0–500), so that it sorts and filters as an integer.
      .addColumn("rating", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("popularity", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("published_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    // Listing orders: each sort walks its index among published products; the id breaks ties
    // and makes the keyset cursor exact.
    await db.schema
      .createIndex("products_popularity")
      .on("products")
      .columns(["status", "popularity desc", "id"])
      .execute();
    await db.schema
      .createIndex("products_price")
      .on("products")
      .columns(["status", "price", "id"])
      .execute();
    await db.schema
      .createIndex("products_newest")
      .on("products")
      .columns(["status", "published_at desc", "id"])
      .execute();
    await db.schema
      .createIndex("products_category")
      .on("products")
      .columns(["category_id", "status", "popularity desc"])
      .execute();
    await db.schema
      .createIndex("products_store")
      .on("products")
      .columns(["store_id", "status", "updated_at"])
      .execute();
    await db.schema
      .createIndex("products_brand")
      .on("products")
      .columns(["brand_id", "status"])
      .execute();

    await db.schema
      .createTable("product_variants")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("product_id", "text", (c) =>
        c.notNull().references("products.id").onDelete("cascade"),
      )
      .addColumn("colour", "text")
      .addColumn("size", "text")
      .addColumn("sku", "text")
      .addColumn("price", "bigint")
      .addColumn("mrp", "bigint")
      .addColumn("stock", "integer", (c) => c.notNull())
      .addColumn("sort", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("product_variants_product")
      .on("product_variants")
      .columns(["product_id", "sort"])
      .execute();

    await db.schema
      .createTable("product_materials")
      .addColumn("product_id", "text", (c) =>
        c.notNull().references("products.id").onDelete("cascade"),
      )
      .addColumn("material", "text", (c) => c.notNull())
      .addColumn("share", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("product_materials_pk", [
        "product_id",
        "material",
      ])
      .execute();

    await db.schema
      .createTable("certifications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("product_id", "text", (c) =>
        c.notNull().references("products.id").onDelete("cascade"),
      )
      .addColumn("scheme", "text", (c) => c.notNull())
      .addColumn("issuer", "text", (c) => c.notNull())
      .addColumn("number", "text", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("evidence_upload_id", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("certifications_product")
      .on("certifications")
      .column("product_id")
      .execute();

    await db.schema
      .createTable("product_images")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("product_id", "text", (c) =>
        c.notNull().references("products.id").onDelete("cascade"),
      )
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("webp_upload_id", "text", (c) => c.notNull())
      .addColumn("avif_upload_id", "text")
      .addColumn("fallback_upload_id", "text", (c) => c.notNull())
      .addColumn("thumb_upload_id", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("alt", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("product_images_product")
      .on("product_images")
      .columns(["product_id", "position"])
      .execute();

    // Derived rows, one per (product, facet, value): colour, size, material, origin and
    // certification (with its expiry, so an expired certificate stops counting). Rewritten with
    // the product in the same transaction; filters and facet counts read only this table.
    await db.schema
      .createTable("product_facets")
      .addColumn("facet", "text", (c) => c.notNull())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("product_id", "text", (c) =>
        c.notNull().references("products.id").onDelete("cascade"),
      )
      .addColumn("expires_at", "bigint")
      .addPrimaryKeyConstraint("product_facets_pk", [
        "facet",
        "value",
        "product_id",
      ])
      .execute();
    await db.schema
      .createIndex("product_facets_product")
      .on("product_facets")
      .columns(["product_id", "facet"])
      .execute();

    await db.schema
      .createTable("stock_notifications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("product_id", "text", (c) =>
        c.notNull().references("products.id").onDelete("cascade"),
      )
      .addColumn("variant_id", "text")
      .addColumn("user_id", "text", (c) =>
        c.references("users.id").onDelete("cascade"),
      )
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("language", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("notified_at", "bigint")
      .execute();
    // One waiting sign-up per address and product (a second sign-up is a no-op).
    await db.schema
      .createIndex("stock_notifications_waiting")
      .on("stock_notifications")
      .columns(["product_id", "email"])
      .unique()
      .where(sql.ref("notified_at"), "is", null)
      .execute();

    await db.schema
      .createTable("recent_searches")
      .addColumn("user_id", "text", (c) =>
        c.notNull().references("users.id").onDelete("cascade"),
      )
      .addColumn("query_key", "text", (c) => c.notNull())
      .addColumn("query", "text", (c) => c.notNull())
      .addColumn("searched_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("recent_searches_pk", ["user_id", "query_key"])
      .execute();
    await db.schema
      .createIndex("recent_searches_user")
      .on("recent_searches")
      .columns(["user_id", "searched_at"])
      .execute();
  },
};
