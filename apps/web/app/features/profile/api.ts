import type { TInstitutionBuyer, TProfile, TProfileUpdate } from '@tessera/contracts';
import { api } from '../../lib/api';
import { PROFILE_PATH, setProfile } from '../auth/account';

export const PROFILE_PATHS = {
  profile: PROFILE_PATH,
  picture: '/v1/customer/profile/picture',
  institution: '/v1/customer/institutionBuyer',
} as const;

async function keep(answer: Promise<{ data: TProfile }>): Promise<TProfile> {
  const profile = (await answer).data;
  setProfile(profile);
  return profile;
}

export function updateProfile(changes: TProfileUpdate): Promise<TProfile> {
  return keep(api().request('PATCH', PROFILE_PATHS.profile, { body: changes }));
}

/** Multipart, field `picture`; the server checks the bytes (an image, at most 5 MB). */
export function uploadProfilePicture(file: File): Promise<TProfile> {
  const form = new FormData();
  form.append('picture', file, file.name);
  return keep(api().post(PROFILE_PATHS.picture, form));
}

export function saveInstitution(input: TInstitutionBuyer): Promise<TProfile> {
  return keep(api().request('PATCH', PROFILE_PATHS.institution, { body: input }));
}
