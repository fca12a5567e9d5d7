import { useTranslation } from '../../../lib/i18n/react';
import { Container } from '../../../ui/Container';
import { AccountLoading } from '../../auth/AccountLoading';
import { useBuyerAccount } from '../../auth/useBuyerAccount';
import { MessageCenter } from '../components/MessageCenter';

/** The buyer's message center at /profile/message-center (a guest signs in first and comes back). */
export function BuyerMessageCenter() {
  const { t } = useTranslation('chat');
  const account = useBuyerAccount();
  if (!account.signedIn || !account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <Container className="py-6 sm:py-8">
      <h1 className="mb-4 text-2xl font-semibold sm:text-3xl">{t('title')}</h1>
      <MessageCenter realm="storefront" />
    </Container>
  );
}

/** The same message center inside a portal (the seller portal, the admin console). */
export function PortalMessageCenter({ realm }: { realm: 'seller' | 'admin' }) {
  const { t } = useTranslation('chat');
  const body = (
    <>
      <h1 className="mb-4 text-2xl font-semibold sm:text-3xl">{t('title')}</h1>
      <MessageCenter realm={realm} />
    </>
  );
  // The seller portal's pages sit in the site's container; the console's sidebar layout pads its own.
  return realm === 'seller' ? <Container className="py-6 sm:py-8">{body}</Container> : <div className="lg:py-8">{body}</div>;
}
