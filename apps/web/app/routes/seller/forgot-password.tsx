import type { Route } from './+types/forgot-password';
import { ForgotPasswordForm } from '../../features/portal-shell/auth/PasswordForms';
import { pageMeta } from '../../lib/seo';

export const handle = { public: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:auth.forgotTitle')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerForgotPasswordPage() {
  return <ForgotPasswordForm portal="seller" />;
}
