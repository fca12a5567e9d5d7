import type { TLoginRequest, TProfile, TSessionResponse, TSignupRequest } from '@tessera/contracts';
import { api } from '../../lib/api';
import { setProfile, startBuyerSession } from './account';

/** The buyer's authentication calls (issue #3 §1). */
export const AUTH_PATHS = {
  signup: '/v1/customer/signup',
  login: '/v1/customer/login',
  sendCode: '/v1/customer/mobile/sendCode',
  verifyCode: '/v1/customer/mobile/verify',
  forgotPassword: '/v1/password/forgot',
  resetPassword: '/v1/password/reset',
} as const;

/** Sent with the guest's token (the client's default): the guest becomes the buyer and keeps its cart. */
export async function signUp(input: TSignupRequest): Promise<TProfile> {
  const answer = await api().post<TSessionResponse>(AUTH_PATHS.signup, input);
  return startBuyerSession(answer.data);
}

export async function logIn(input: TLoginRequest): Promise<TProfile> {
  const answer = await api().post<TSessionResponse>(AUTH_PATHS.login, input);
  return startBuyerSession(answer.data);
}

export interface CodeSent {
  resendAfterSeconds: number;
  expiresInSeconds: number;
  sentTo: string;
}

export async function sendMobileCode(): Promise<CodeSent> {
  return (await api().post<{ data: CodeSent }>(AUTH_PATHS.sendCode)).data;
}

export async function verifyMobileCode(code: string): Promise<TProfile> {
  const profile = (await api().post<{ data: TProfile }>(AUTH_PATHS.verifyCode, { code })).data;
  setProfile(profile);
  return profile;
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api().post(AUTH_PATHS.forgotPassword, { email, portal: 'buyer' });
}

export async function resetPassword(input: { token: string; password: string; confirmPassword: string }): Promise<void> {
  await api().post(AUTH_PATHS.resetPassword, input);
}
