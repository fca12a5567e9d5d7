import { describe, expect, it } from 'vitest';
import { AVERAGE_SPEED_KMH, boundsOf, distanceKm, estimateArrival, ROAD_FACTOR, routeLine } from './tracking-math';

const KL = { latitude: 3.139, longitude: 101.6869 };
const PUTRAJAYA = { latitude: 2.9264, longitude: 101.6964 };

describe('tracking geometry', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(KL, KL)).toBe(0);
    // Kuala Lumpur to Putrajaya: about 23.7 km as the crow flies.
    expect(distanceKm(KL, PUTRAJAYA)).toBeCloseTo(23.7, 0);
    // A degree of latitude is about 111 km.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.2, 0);
  });

  it('estimates the arrival from the road distance left at the average speed, from when the position was taken', () => {
    const at = Date.UTC(2026, 10, 25, 10, 0);
    const eta = estimateArrival({ ...KL, at }, PUTRAJAYA);
    const expectedMinutes = Math.ceil(((distanceKm(KL, PUTRAJAYA) * ROAD_FACTOR) / AVERAGE_SPEED_KMH) * 60);
    expect(eta.minutes).toBe(expectedMinutes);
    expect(eta.at).toBe(at + expectedMinutes * 60_000);
    // At the door: one minute, never zero.
    expect(estimateArrival({ ...PUTRAJAYA, at }, PUTRAJAYA).minutes).toBe(1);
  });

  it('frames every point with a margin, and a single point with about a kilometre around it', () => {
    const [west, south, east, north] = boundsOf([KL, PUTRAJAYA]);
    expect(west).toBeLessThan(KL.longitude);
    expect(east).toBeGreaterThan(PUTRAJAYA.longitude);
    expect(south).toBeLessThan(PUTRAJAYA.latitude);
    expect(north).toBeGreaterThan(KL.latitude);
    const [w, s, e, n] = boundsOf([KL, KL]);
    expect(e - w).toBeGreaterThan(0.009);
    expect(n - s).toBeGreaterThan(0.009);
  });

  it('draws the route through the driver when there is one', () => {
    expect(routeLine(KL, PUTRAJAYA, null)).toEqual([
      [KL.longitude, KL.latitude],
      [PUTRAJAYA.longitude, PUTRAJAYA.latitude],
    ]);
    expect(routeLine(KL, PUTRAJAYA, { latitude: 3, longitude: 101.7 })).toHaveLength(3);
  });
});
