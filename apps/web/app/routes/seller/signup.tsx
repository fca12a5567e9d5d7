import { Navigate } from 'react-router';
import type { Route } from './+types/signup';
import { usePortalSession } from '../../features/portal-shell/session';
import { SellerSignup } from '../../features/accounts/seller/SellerSignup';
import { pageMeta } from '../../lib/seo';

/** Open to everyone (the layout shows its login form on the other pages). */
export const handle = { public: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:seller.signup.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerSignupPage() {
  const session = usePortalSession();
  // A seller who is signed in already has a store.
  if (session.signedIn) return <Navigate to="/seller" replace />;
  return <SellerSignup />;
}
