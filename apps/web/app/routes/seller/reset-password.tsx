import { useSearchParams } from 'react-router';
import type { Route } from './+types/reset-password';
import { NewPasswordForm } from '../../features/portal-shell/auth/PasswordForms';
import { pageMeta } from '../../lib/seo';

export const handle = { public: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:auth.resetTitle')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

/** The page of the e-mailed reset link: /seller/reset-password?token=… */
export default function SellerResetPasswordPage() {
  const [params] = useSearchParams();
  return <NewPasswordForm portal="seller" token={params.get('token')} variant="reset" />;
}
