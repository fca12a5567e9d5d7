/**
 * Defaults of a store's delivery settings until the seller sets his own, and the demo data's
 * values: a point and time zone per country (the demo stores' countries and the buyers'), and demo
 * tax rates. Real stores keep their own row in store_delivery_settings.
 */

export interface CountryPlace {
  latitude: number;
  longitude: number;
  timeZone: string;
}

export const COUNTRY_PLACES: Readonly<Record<string, CountryPlace>> = {
  AE: { latitude: 25.2048, longitude: 55.2708, timeZone: 'Asia/Dubai' },
  BD: { latitude: 23.8103, longitude: 90.4125, timeZone: 'Asia/Dhaka' },
  ES: { latitude: 40.4168, longitude: -3.7038, timeZone: 'Europe/Madrid' },
  GH: { latitude: 6.6885, longitude: -1.6244, timeZone: 'Africa/Accra' },
  ID: { latitude: -6.2088, longitude: 106.8456, timeZone: 'Asia/Jakarta' },
  IN: { latitude: 26.9124, longitude: 75.7873, timeZone: 'Asia/Kolkata' },
  KE: { latitude: -1.2921, longitude: 36.8219, timeZone: 'Africa/Nairobi' },
  MA: { latitude: 31.6295, longitude: -7.9811, timeZone: 'Africa/Casablanca' },
  MX: { latitude: 19.0414, longitude: -98.2063, timeZone: 'America/Mexico_City' },
  MY: { latitude: 5.3302, longitude: 103.1408, timeZone: 'Asia/Kuala_Lumpur' },
  PE: { latitude: -13.5319, longitude: -71.9675, timeZone: 'America/Lima' },
  PT: { latitude: 41.1579, longitude: -8.6291, timeZone: 'Europe/Lisbon' },
  TR: { latitude: 41.0082, longitude: 28.9784, timeZone: 'Europe/Istanbul' },
  VN: { latitude: 21.0278, longitude: 105.8342, timeZone: 'Asia/Ho_Chi_Minh' },
};

/** Demo VAT / sales-tax rates in basis points (seeded into tax_rates; the team edits them). */
export const DEMO_TAX_RATES_BP: Readonly<Record<string, number>> = {
  AE: 500,
  BD: 1500,
  ES: 2100,
  GH: 1500,
  ID: 1100,
  IN: 1800,
  KE: 1600,
  MA: 2000,
  MX: 1600,
  MY: 800,
  PE: 1800,
  PT: 2300,
  TR: 2000,
  VN: 1000,
};

const WEEKDAYS_OPEN = [1, 2, 3, 4, 5, 6];

/** The rules a store starts with: open Monday to Saturday 09:00–18:00, hourly slots of 5 deliveries. */
export const DEFAULT_DELIVERY_RULES = {
  openingHours: WEEKDAYS_OPEN.map((weekday) => ({ weekday, opens: '09:00', closes: '18:00' })),
  pickupHours: WEEKDAYS_OPEN.map((weekday) => ({ weekday, opens: '10:00', closes: '17:00' })),
  slotMinutes: 60,
  slotCapacity: 5,
  leadMinutes: 120,
  /** Artisans ship across borders: the radius covers the world unless a store narrows it. */
  deliveryRadiusKm: 20_000,
  deliveryBaseFee: 300,
  deliveryFeePerKm: 2,
  deliveryFeeMax: 4_500,
  freeDeliveryAbove: 50_000,
  driverBaseFee: 200,
  driverFeePerKm: 1,
  driverFeeMax: 1_500,
} as const;
