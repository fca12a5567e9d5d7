import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import type { Services } from "../../services.js";
import {
  createInProcessCatalogVersion,
  type CatalogVersion,
} from "./catalog-version.js";

/**
 * The catalog module's wiring: its services (built once per app, after the shared ones) and its
 * route plugins. Each part of the catalog adds its service and its routes here.
 */
export interface CatalogServices {
  version: CatalogVersion;
}

export async function createCatalogServices(options: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  shared: Omit<Services, "catalog">;
}): Promise<CatalogServices> {
  const version = createInProcessCatalogVersion();
  void options;
  return { version };
}

/** Every catalog route plugin, registered by app.ts after the access-control hook. */
export function catalogRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    void app;
    void services;
  };
}
