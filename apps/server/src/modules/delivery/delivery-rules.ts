/**
 * Pure rules of delivery: distance, fees and slots. No I/O, so they are tested on their own
 * (delivery-rules.test.ts) and used alike by the cart's totals and the checkout's checks.
 */

export interface OpeningHours {
  weekday: number;
  opens: string;
  closes: string;
}

export interface DeliverySettings {
  storeId: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  pickupAddress: string;
  openingHours: OpeningHours[];
  pickupHours: OpeningHours[];
  slotMinutes: number;
  slotCapacity: number;
  leadMinutes: number;
  deliveryRadiusKm: number;
  deliveryBaseFee: number;
  deliveryFeePerKm: number;
  deliveryFeeMax: number;
  freeDeliveryAbove: number | null;
  driverBaseFee: number;
  driverFeePerKm: number;
  driverFeeMax: number;
  /** The store's country (tax rate). */
  country: string;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance (haversine), kilometres. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface DeliveryQuote {
  distanceKm: number;
  deliverable: boolean;
  deliveryFee: number;
  driverFee: number;
}

/**
 * The store's fees to a location: a base plus a rate per started kilometre, capped; the delivery fee
 * is waived from the store's free-delivery subtotal. Beyond the radius the store does not deliver.
 */
export function quoteDelivery(settings: DeliverySettings, to: { latitude: number; longitude: number }, goodsSubtotal: number): DeliveryQuote {
  const km = distanceKm(settings, to);
  const started = Math.ceil(km);
  const free = settings.freeDeliveryAbove !== null && goodsSubtotal >= settings.freeDeliveryAbove;
  return {
    distanceKm: Math.round(km * 10) / 10,
    deliverable: km <= settings.deliveryRadiusKm,
    deliveryFee: free ? 0 : Math.min(settings.deliveryFeeMax, settings.deliveryBaseFee + settings.deliveryFeePerKm * started),
    driverFee: Math.min(settings.driverFeeMax, settings.driverBaseFee + settings.driverFeePerKm * started),
  };
}

const MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Weekday (0 Sunday) and minute of the day of an instant in a time zone. */
export function localTime(at: number, timeZone: string): { weekday: number; minutes: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  let weekday = 0;
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(at)) {
    if (part.type === 'weekday') weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part.value);
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { weekday, minutes: hour * 60 + minute };
}

const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Whether [start, start + length) lies within one opening period of the hours. */
export function withinHours(hours: readonly OpeningHours[], timeZone: string, start: number, lengthMinutes: number): boolean {
  const { weekday, minutes } = localTime(start, timeZone);
  return hours.some((period) => period.weekday === weekday && minutes >= toMinutes(period.opens) && minutes + lengthMinutes <= toMinutes(period.closes));
}

/** Longest a buyer may book ahead. */
export const SLOT_HORIZON_DAYS = 14;

/**
 * Why a slot start cannot be served (null: it can): it must be aligned to the store's slot length
 * in its time zone, within its hours, no earlier than the lead time and within the horizon.
 */
export function slotProblem(settings: DeliverySettings, start: number, now: number, hours: readonly OpeningHours[] = settings.openingHours): 'too_soon' | 'too_far' | 'not_aligned' | 'closed' | null {
  if (start < now + settings.leadMinutes * MINUTE) return 'too_soon';
  if (start > now + SLOT_HORIZON_DAYS * 86_400_000) return 'too_far';
  if (start % MINUTE !== 0 || localTime(start, settings.timeZone).minutes % settings.slotMinutes !== 0) return 'not_aligned';
  if (!withinHours(hours, settings.timeZone, start, settings.slotMinutes)) return 'closed';
  return null;
}

/** Every slot start the store serves in the next `days` days (capacity aside). */
export function slotStarts(settings: DeliverySettings, now: number, days: number, hours: readonly OpeningHours[] = settings.openingHours): number[] {
  const step = 15 * MINUTE;
  const first = Math.ceil((now + settings.leadMinutes * MINUTE) / step) * step;
  const last = now + Math.min(days, SLOT_HORIZON_DAYS) * 86_400_000;
  const starts: number[] = [];
  for (let at = first; at <= last; at += step) {
    if (slotProblem(settings, at, now, hours) === null) starts.push(at);
  }
  return starts;
}
