/** Geometry of the tracking map (issue #11 §5): pure functions, unit tested (tracking-math.test.ts). */

export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371;
/** Roads are longer than the straight line between two points: a usual urban detour factor. */
export const ROAD_FACTOR = 1.3;
/** An average delivery speed in town, stops included. */
export const AVERAGE_SPEED_KMH = 25;

/** Great-circle distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * When the driver should arrive: the road distance left (straight line × ROAD_FACTOR) at
 * AVERAGE_SPEED_KMH, counted from when his position was taken. Minutes are rounded up: "in 0
 * minutes" is never promised before he is there.
 */
export function estimateArrival(driver: LatLng & { at: number }, destination: LatLng): { at: number; minutes: number; km: number } {
  const km = distanceKm(driver, destination) * ROAD_FACTOR;
  const minutes = Math.max(1, Math.ceil((km / AVERAGE_SPEED_KMH) * 60));
  return { at: driver.at + minutes * 60_000, minutes, km };
}

/** [west, south, east, north] around every point, widened a little so markers are not on the edge. */
export function boundsOf(points: readonly LatLng[], margin = 0.15): [number, number, number, number] {
  const lngs = points.map((p) => p.longitude);
  const lats = points.map((p) => p.latitude);
  let [west, east, south, north] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  // One point (or all on one spot): show about a kilometre around it.
  const minSpan = 0.01;
  if (east - west < minSpan) [west, east] = [west - minSpan / 2, east + minSpan / 2];
  if (north - south < minSpan) [south, north] = [south - minSpan / 2, north + minSpan / 2];
  const dx = (east - west) * margin;
  const dy = (north - south) * margin;
  return [west - dx, Math.max(-85, south - dy), east + dx, Math.min(85, north + dy)];
}

/** The line drawn on the map: store → driver (when out) → destination, as GeoJSON [lng, lat] pairs. */
export function routeLine(store: LatLng, destination: LatLng, driver: LatLng | null): [number, number][] {
  const points = driver ? [store, driver, destination] : [store, destination];
  return points.map((p) => [p.longitude, p.latitude]);
}
