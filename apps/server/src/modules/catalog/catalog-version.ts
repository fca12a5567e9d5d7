/**
 * The catalog's version: bumped after every committed change to products, stores' public fields,
 * categories, brands, menus or banners. Read caches key on it, so a published change is visible to
 * buyers at once. (Stub: the listing work replaces the internals; the interface stays.)
 */
export interface CatalogVersion {
  /** The version this instance knows; cheap (no I/O). */
  current(): number;
  /** Call after the change has committed. */
  bump(): Promise<void>;
  close(): Promise<void>;
}

export function createInProcessCatalogVersion(): CatalogVersion {
  let version = 1;
  return {
    current: () => version,
    bump: async () => {
      version += 1;
    },
    close: async () => undefined,
  };
}
