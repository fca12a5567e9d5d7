/** Tables of the delivery module (migration 020_buying). Money in minor units of the store's currency. */

export interface StoreDeliverySettingsTable {
  store_id: string;
  latitude: number;
  longitude: number;
  /** IANA time zone of the store's hours. */
  time_zone: string;
  pickup_address: string;
  /** JSON [{weekday, opens, closes}]. */
  opening_hours: string;
  pickup_hours: string;
  slot_minutes: number;
  slot_capacity: number;
  /** The earliest slot starts this long after the order. */
  lead_minutes: number;
  delivery_radius_km: number;
  delivery_base_fee: number;
  delivery_fee_per_km: number;
  delivery_fee_max: number;
  /** Goods subtotal from which delivery is free; null: never free. */
  free_delivery_above: number | null;
  driver_base_fee: number;
  driver_fee_per_km: number;
  driver_fee_max: number;
  updated_at: number;
}

export interface TaxRatesTable {
  country: string;
  rate_bp: number;
  updated_at: number;
}

export interface DeliverySlotUsageTable {
  store_id: string;
  slot_start: number;
  used: number;
}

export interface DeliveryTables {
  store_delivery_settings: StoreDeliverySettingsTable;
  tax_rates: TaxRatesTable;
  delivery_slot_usage: DeliverySlotUsageTable;
}
