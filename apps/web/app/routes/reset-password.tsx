import type { Route } from './+types/reset-password';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('auth.reset.title'), noIndex: true }));

/** Sets a new password from the e-mailed link. */
export default function ResetPassword() {
  return <ResetPasswordPage />;
}
