/**
 * The buyer's location for delivery fees and slots (issue #11 §1): the browser's position when the
 * buyer allows it, kept under the seed's storage keys `lat` and `long`; without it the server prices
 * at the buyer's default address or the configured default coordinates.
 */
export const LOCATION_STORAGE_KEYS = {
  latitude: 'lat',
  longitude: 'long',
  city: 'ucity',
  country: 'country',
} as const;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function storedLocation(): Coordinates | undefined {
  const store = storage();
  const latitude = Number(store?.getItem(LOCATION_STORAGE_KEYS.latitude) ?? NaN);
  const longitude = Number(store?.getItem(LOCATION_STORAGE_KEYS.longitude) ?? NaN);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

/** Asks the browser for the position (a permission prompt the first time) and keeps it. */
export function locateBuyer(): Promise<Coordinates | undefined> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const found = {
          latitude: round(position.coords.latitude),
          longitude: round(position.coords.longitude),
        };
        try {
          storage()?.setItem(LOCATION_STORAGE_KEYS.latitude, String(found.latitude));
          storage()?.setItem(LOCATION_STORAGE_KEYS.longitude, String(found.longitude));
        } catch {
          // Private mode: the position serves this page only.
        }
        resolve(found);
      },
      () => resolve(undefined),
      { maximumAge: 10 * 60 * 1000, timeout: 15_000 },
    );
  });
}

/** About 100 m: enough for delivery fees, and no more of the buyer's position than needed. */
const round = (degrees: number) => Math.round(degrees * 1000) / 1000;
