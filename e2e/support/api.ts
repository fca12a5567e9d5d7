import { SignJWT, decodeJwt } from 'jose';

export interface GuestSession {
  accessToken: string;
  refreshToken: string;
  accessExpireAt: number;
  sessionId: string;
  userId: string;
  userType: string;
}

/** Signs in as a guest over HTTP, as the web client does. */
export async function signInGuest(baseUrl: string): Promise<GuestSession> {
  const response = await fetch(`${baseUrl}/v1/guest/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en', platform: '3' },
    body: JSON.stringify({
      deviceId: `e2e-${Date.now()}`,
      ipAddress: 'unknown',
      appVersion: 'unknown',
      deviceMake: 'Chrome',
      deviceModel: '156',
      deviceOsVersion: 'Linux x86_64',
      deviceType: 3,
      deviceTime: '2025-01-01 12:00:00',
    }),
  });
  if (response.status !== 200) throw new Error(`guest sign-in answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as {
    data: { token: { accessToken: string; refreshToken: string; accessExpireAt: number }; sessionId: string; userId: string; userType: string };
  };
  return { ...body.data.token, sessionId: body.data.sessionId, userId: body.data.userId, userType: body.data.userType };
}

/**
 * The same access token, expired: every claim of the real one (sub, sid, typ, iss…) is kept and
 * only the times move into the past. HS256 with the server's JWT_SECRET.
 */
export async function expiredCopy(accessToken: string, secret: string): Promise<string> {
  const claims = decodeJwt(accessToken);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 3600, exp: now - 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(secret));
}
