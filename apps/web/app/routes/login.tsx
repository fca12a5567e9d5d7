import type { Route } from './+types/login';
import { LoginPage } from '../features/auth/LoginPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('auth.login.title'), noIndex: true }));

/** Log in by e-mail or mobile number (issue #3). */
export default function Login() {
  return <LoginPage />;
}
