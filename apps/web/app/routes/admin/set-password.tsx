import { useSearchParams } from 'react-router';
import type { Route } from './+types/set-password';
import { ForgotPasswordForm, NewPasswordForm } from '../../features/portal-shell/auth/PasswordForms';
import { pageMeta } from '../../lib/seo';

/** Open to everyone: invited members have no session yet. */
export const handle = { public: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:auth.setPasswordTitle')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

/**
 * The invitation and reset link's page: /admin/set-password?token=… sets the password; without a
 * token it asks for a new link (the console's "Forgot your password?").
 */
export default function AdminSetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <ForgotPasswordForm portal="admin" />;
  return <NewPasswordForm portal="admin" token={token} variant="set" />;
}
