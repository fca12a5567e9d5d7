import type { Route } from './+types/signup';
import { SignupPage } from '../features/auth/SignupPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('auth.signup.title'), noIndex: true }));

/** Buyer signup, optionally continuing to the company registration. */
export default function Signup() {
  return <SignupPage />;
}
