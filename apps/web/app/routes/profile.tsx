import type { Route } from './+types/profile';
import { ProfilePage } from '../features/profile/ProfilePage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('profile.title'), noIndex: true }));

/** The buyer's profile (loaded in the browser). */
export default function Profile() {
  return <ProfilePage />;
}
