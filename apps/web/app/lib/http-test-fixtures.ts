/**
 * What the browser sends as its guest identity, fixed for the http client's tests (lib/http,
 * lib/http-accounts, the portal clients). Imported by tests only.
 */
export const GUEST_PAYLOAD = {
  deviceId: 'web-1',
  ipAddress: 'unknown',
  appVersion: 'unknown',
  deviceMake: 'Chrome',
  deviceModel: '1',
  deviceOsVersion: 'Linux',
  deviceType: 3 as const,
  deviceTime: '2025-01-01 00:00:00',
};
