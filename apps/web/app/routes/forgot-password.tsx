import type { Route } from './+types/forgot-password';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('auth.forgot.title'), noIndex: true }));

/** Asks for a password-reset link. */
export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}
