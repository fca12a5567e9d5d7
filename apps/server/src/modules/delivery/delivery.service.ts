import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { prepared } from '../../db/prepared-query.js';
import { AppError } from '../../lib/errors.js';
import { COUNTRY_PLACES, DEFAULT_DELIVERY_RULES, DEMO_TAX_RATES_BP } from './delivery-defaults.js';
import { slotProblem, slotStarts, type DeliverySettings, type OpeningHours } from './delivery-rules.js';
import type { StoreDeliverySettingsTable } from './delivery.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface Location {
  latitude: number;
  longitude: number;
}

// Read by every cart answer and checkout: built and compiled once (prepared-query.ts).
const settingsOfStores = prepared((db, storeIds: readonly string[]) =>
  db
    .selectFrom('stores')
    .leftJoin('store_delivery_settings as s', 's.store_id', 'stores.id')
    .select(['stores.id as id', 'stores.country as country', 'stores.city as city', 'stores.address as address'])
    .selectAll('s')
    .where('stores.id', 'in', storeIds),
);
const taxRatesOf = prepared((db, countries: readonly string[]) => db.selectFrom('tax_rates').select(['country', 'rate_bp']).where('country', 'in', countries));

/**
 * Stores' delivery settings, tax rates and delivery slots. A store without its own settings row
 * delivers with the defaults from its country's point (delivery-defaults.ts).
 */
export class DeliveryService {
  constructor(private readonly deps: { db: Kysely<Database>; defaultLocation: Location }) {}

  get defaultLocation(): Location {
    return this.deps.defaultLocation;
  }

  /** Settings of each store (the ones that exist). */
  async settingsFor(storeIds: readonly string[], db: Db = this.deps.db): Promise<Map<string, DeliverySettings>> {
    const result = new Map<string, DeliverySettings>();
    if (storeIds.length === 0) return result;
    const unique = [...new Set(storeIds)];
    const rows = await settingsOfStores.all(db, unique);
    for (const row of rows) {
      result.set(row.id, row.store_id ? fromRow(row as StoreDeliverySettingsTable, row.country) : defaults(row.id, row.country, [row.address, row.city].filter(Boolean).join(', ')));
    }
    return result;
  }

  async settingsOf(storeId: string, db: Db = this.deps.db): Promise<DeliverySettings> {
    const settings = (await this.settingsFor([storeId], db)).get(storeId);
    if (!settings) throw new AppError('NOT_FOUND', 'storeId');
    return settings;
  }

  /** Tax rate (basis points) per country; 0 where none is set. */
  async taxRates(countries: readonly string[], db: Db = this.deps.db): Promise<Map<string, number>> {
    const rates = new Map<string, number>();
    if (countries.length === 0) return rates;
    const rows = await taxRatesOf.all(db, [...new Set(countries)]);
    for (const row of rows) rates.set(row.country, row.rate_bp);
    return rates;
  }

  /** The slots of the next days with what is left of each one's capacity. */
  async slots(options: { storeId: string; days: number; mode: 'DELIVERY' | 'SELF_PICKUP'; now?: number }) {
    const settings = await this.settingsOf(options.storeId);
    const now = options.now ?? Date.now();
    const hours = options.mode === 'SELF_PICKUP' ? settings.pickupHours : settings.openingHours;
    const starts = slotStarts(settings, now, options.days, hours);
    const used = new Map<number, number>();
    if (starts.length && options.mode === 'DELIVERY') {
      const rows = await this.deps.db
        .selectFrom('delivery_slot_usage')
        .select(['slot_start', 'used'])
        .where('store_id', '=', options.storeId)
        .where('slot_start', '>=', starts[0]!)
        .where('slot_start', '<=', starts[starts.length - 1]!)
        .execute();
      for (const row of rows) used.set(Number(row.slot_start), row.used);
    }
    const minute = 60_000;
    return {
      storeId: options.storeId,
      timeZone: settings.timeZone,
      slotMinutes: settings.slotMinutes,
      slots: starts
        .map((start) => ({ start, end: start + settings.slotMinutes * minute, remaining: options.mode === 'DELIVERY' ? settings.slotCapacity - (used.get(start) ?? 0) : settings.slotCapacity }))
        .filter((slot) => slot.remaining > 0),
    };
  }

  /**
   * Checks a slot and, for delivery, takes one place of its capacity in the caller's transaction
   * with a guarded update. Refuses with the seed's 'cannot serve at the selected timings…'.
   */
  async takeSlot(trx: Transaction<Database>, options: { settings: DeliverySettings; start: number; mode: 'DELIVERY' | 'SELF_PICKUP'; now: number }): Promise<void> {
    const { settings, start } = options;
    const hours: readonly OpeningHours[] = options.mode === 'SELF_PICKUP' ? settings.pickupHours : settings.openingHours;
    if (slotProblem(settings, start, options.now, hours) !== null) throw new AppError('SLOT_UNAVAILABLE', 'slots');
    if (options.mode === 'SELF_PICKUP') return;
    await trx.insertInto('delivery_slot_usage').values({ store_id: settings.storeId, slot_start: start, used: 0 }).onConflict((oc) => oc.doNothing()).execute();
    const taken = await trx
      .updateTable('delivery_slot_usage')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('store_id', '=', settings.storeId)
      .where('slot_start', '=', start)
      .where('used', '<', settings.slotCapacity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new AppError('SLOT_UNAVAILABLE', 'slots');
  }

  /** Gives a slot's place back (the undo of takeSlot, and a cancelled order's). */
  async releaseSlot(trx: Transaction<Database>, options: { storeId: string; start: number }): Promise<void> {
    await trx
      .updateTable('delivery_slot_usage')
      .set((eb) => ({ used: eb('used', '-', 1) }))
      .where('store_id', '=', options.storeId)
      .where('slot_start', '=', options.start)
      .where('used', '>', 0)
      .execute();
  }

  /** Demo data: every store's settings near its country's point, and the demo tax rates. */
  async seedDemo(): Promise<void> {
    const { db } = this.deps;
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      for (const [country, rate] of Object.entries(DEMO_TAX_RATES_BP)) {
        await trx.insertInto('tax_rates').values({ country, rate_bp: rate, updated_at: now }).onConflict((oc) => oc.column('country').doNothing()).execute();
      }
      const stores = await trx.selectFrom('stores').leftJoin('store_delivery_settings as s', 's.store_id', 'stores.id').select(['stores.id', 'stores.country', 'stores.city']).where('s.store_id', 'is', null).execute();
      for (const store of stores) {
        const settings = defaults(store.id, store.country, `${store.city} workshop`);
        await trx.insertInto('store_delivery_settings').values(toRow(settings, now)).onConflict((oc) => oc.column('store_id').doNothing()).execute();
      }
    });
  }
}

/** A small, stable offset per store (up to ~0.15°), so that the stores of a country are not all on one point. */
function jitter(storeId: string, salt: number): number {
  let hash = salt;
  for (let i = 0; i < storeId.length; i++) hash = (hash * 31 + storeId.charCodeAt(i)) >>> 0;
  return ((hash % 3000) - 1500) / 10_000;
}

function defaults(storeId: string, country: string, pickupAddress: string): DeliverySettings {
  const place = COUNTRY_PLACES[country] ?? { latitude: 0, longitude: 0, timeZone: 'UTC' };
  const rules = DEFAULT_DELIVERY_RULES;
  return {
    storeId,
    country,
    latitude: Math.round((place.latitude + jitter(storeId, 7)) * 1e5) / 1e5,
    longitude: Math.round((place.longitude + jitter(storeId, 13)) * 1e5) / 1e5,
    timeZone: place.timeZone,
    pickupAddress,
    openingHours: rules.openingHours.map((h) => ({ ...h })),
    pickupHours: rules.pickupHours.map((h) => ({ ...h })),
    slotMinutes: rules.slotMinutes,
    slotCapacity: rules.slotCapacity,
    leadMinutes: rules.leadMinutes,
    deliveryRadiusKm: rules.deliveryRadiusKm,
    deliveryBaseFee: rules.deliveryBaseFee,
    deliveryFeePerKm: rules.deliveryFeePerKm,
    deliveryFeeMax: rules.deliveryFeeMax,
    freeDeliveryAbove: rules.freeDeliveryAbove,
    driverBaseFee: rules.driverBaseFee,
    driverFeePerKm: rules.driverFeePerKm,
    driverFeeMax: rules.driverFeeMax,
  };
}

function fromRow(row: StoreDeliverySettingsTable, country: string): DeliverySettings {
  return {
    storeId: row.store_id,
    country,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.time_zone,
    pickupAddress: row.pickup_address,
    openingHours: JSON.parse(row.opening_hours) as OpeningHours[],
    pickupHours: JSON.parse(row.pickup_hours) as OpeningHours[],
    slotMinutes: row.slot_minutes,
    slotCapacity: row.slot_capacity,
    leadMinutes: row.lead_minutes,
    deliveryRadiusKm: row.delivery_radius_km,
    deliveryBaseFee: row.delivery_base_fee,
    deliveryFeePerKm: row.delivery_fee_per_km,
    deliveryFeeMax: row.delivery_fee_max,
    freeDeliveryAbove: row.free_delivery_above,
    driverBaseFee: row.driver_base_fee,
    driverFeePerKm: row.driver_fee_per_km,
    driverFeeMax: row.driver_fee_max,
  };
}

export function toRow(settings: DeliverySettings, now: number): StoreDeliverySettingsTable {
  return {
    store_id: settings.storeId,
    latitude: settings.latitude,
    longitude: settings.longitude,
    time_zone: settings.timeZone,
    pickup_address: settings.pickupAddress,
    opening_hours: JSON.stringify(settings.openingHours),
    pickup_hours: JSON.stringify(settings.pickupHours),
    slot_minutes: settings.slotMinutes,
    slot_capacity: settings.slotCapacity,
    lead_minutes: settings.leadMinutes,
    delivery_radius_km: settings.deliveryRadiusKm,
    delivery_base_fee: settings.deliveryBaseFee,
    delivery_fee_per_km: settings.deliveryFeePerKm,
    delivery_fee_max: settings.deliveryFeeMax,
    free_delivery_above: settings.freeDeliveryAbove,
    driver_base_fee: settings.driverBaseFee,
    driver_fee_per_km: settings.driverFeePerKm,
    driver_fee_max: settings.driverFeeMax,
    updated_at: now,
  };
}
