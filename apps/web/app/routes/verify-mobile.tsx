import type { Route } from './+types/verify-mobile';
import { VerifyMobilePage } from '../features/auth/VerifyMobilePage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('auth.verify.title'), noIndex: true }));

/** Mobile number verification with a 6-digit code. */
export default function VerifyMobile() {
  return <VerifyMobilePage />;
}
