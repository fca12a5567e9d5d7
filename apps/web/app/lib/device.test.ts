import { describe, expect, it } from 'vitest';
import { buildGuestPayload, createDeviceId, formatDeviceTime, parseUserAgent } from './device';

const UA = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.8078.79 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
};

describe('parseUserAgent', () => {
  it('reads name, version and OS of common browsers', () => {
    expect(parseUserAgent(UA.chromeLinux)).toEqual({ name: 'Chrome', version: '156.0.0.0', os: 'Linux x86_64' });
    expect(parseUserAgent(UA.headless)).toEqual({ name: 'Chrome', version: '156.0.8078.79', os: 'Linux x86_64' });
    expect(parseUserAgent(UA.edgeWindows)).toEqual({ name: 'Edge', version: '124.0.2478.51', os: 'Windows 10' });
    expect(parseUserAgent(UA.firefoxMac)).toEqual({ name: 'Firefox', version: '125.0', os: 'macOS 14.4' });
    expect(parseUserAgent(UA.safariIphone)).toEqual({ name: 'Safari', version: '17.4', os: 'iOS 17.4' });
    expect(parseUserAgent(UA.samsungAndroid)).toEqual({ name: 'Samsung Internet', version: '24.0', os: 'Android 14' });
  });

  it('answers Unknown for an unrecognisable agent', () => {
    expect(parseUserAgent('curl/8.0')).toEqual({ name: 'Unknown', version: 'Unknown', os: 'Unknown' });
  });
});

describe('guest payload', () => {
  it('follows the seed: prefixed timestamp id, appVersion = ipAddress, device type 3', () => {
    const now = new Date(2025, 0, 2, 15, 4, 5);
    const payload = buildGuestPayload({ userAgent: UA.chromeLinux, deviceId: createDeviceId(now.getTime()), now });
    expect(payload).toEqual({
      deviceId: `web-${now.getTime()}`,
      ipAddress: 'unknown',
      appVersion: 'unknown',
      deviceMake: 'Chrome',
      deviceModel: '156.0.0.0',
      deviceOsVersion: 'Linux x86_64',
      deviceType: 3,
      deviceTime: '2025-01-02 15:04:05',
    });
    expect(formatDeviceTime(now)).toBe('2025-01-02 15:04:05');
  });
});
