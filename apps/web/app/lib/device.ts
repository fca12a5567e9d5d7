import { WEB_DEVICE_TYPE, type TGuestSignInRequest } from '@tessera/contracts';

export interface BrowserInfo {
  /** Browser name: Chrome, Firefox, Safari, Edge, Opera, Samsung Internet, Chromium… */
  name: string;
  /** Browser version as the user agent states it. */
  version: string;
  /** Operating system family and version, e.g. "Windows 10", "Android 14", "iOS 17.4", "Linux". */
  os: string;
}

const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/],
  ['Chromium', /Chromium\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
];

const WINDOWS_VERSIONS: Record<string, string> = {
  '10.0': '10',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
};

function detectOs(ua: string): string {
  let m: RegExpMatchArray | null;
  if ((m = ua.match(/Windows NT ([\d.]+)/))) return `Windows ${WINDOWS_VERSIONS[m[1] ?? ''] ?? m[1]}`;
  if ((m = ua.match(/(?:iPhone|iPad|iPod).*? OS ([\d_]+)/))) return `iOS ${(m[1] ?? '').replace(/_/g, '.')}`;
  if ((m = ua.match(/Android ([\d.]+)/))) return `Android ${m[1]}`;
  if ((m = ua.match(/Mac OS X ([\d_.]+)/))) return `macOS ${(m[1] ?? '').replace(/_/g, '.')}`;
  if ((m = ua.match(/CrOS \S+ ([\d.]+)/))) return `ChromeOS ${m[1]}`;
  if (/Linux/.test(ua)) return /x86_64|amd64/i.test(ua) ? 'Linux x86_64' : 'Linux';
  return 'Unknown';
}

/** Reads browser name, version and OS from a user agent string (no third-party parser). */
export function parseUserAgent(ua: string): BrowserInfo {
  for (const [name, pattern] of BROWSERS) {
    const m = ua.match(pattern);
    if (m?.[1]) return { name, version: m[1], os: detectOs(ua) };
  }
  return { name: 'Unknown', version: 'Unknown', os: detectOs(ua) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The device time as "YYYY-MM-DD HH:mm:ss" in the device's own clock. */
export function formatDeviceTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export const DEVICE_ID_PREFIX = 'web-';

/** A device id: the prefix plus a timestamp (seed §3). */
export function createDeviceId(now: number = Date.now()): string {
  return `${DEVICE_ID_PREFIX}${now}`;
}

/** The browser cannot know its public address; the server records the real one. */
export const UNKNOWN_IP = 'unknown';

/** The guest sign-in payload of seed §3. */
export function buildGuestPayload(options: { userAgent: string; deviceId: string; now?: Date }): TGuestSignInRequest {
  const info = parseUserAgent(options.userAgent);
  const clip = (s: string) => s.slice(0, 64);
  return {
    deviceId: options.deviceId,
    ipAddress: UNKNOWN_IP,
    // The seed sets appVersion to the IP address.
    appVersion: UNKNOWN_IP,
    deviceMake: clip(info.name),
    deviceModel: clip(info.version),
    deviceOsVersion: clip(info.os),
    deviceType: WEB_DEVICE_TYPE,
    deviceTime: formatDeviceTime(options.now ?? new Date()),
  };
}
