import type { TSellerQuotation } from '@tessera/contracts';
import { useCallback, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDateLabel, formatMoney } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { useAction, type Problem } from '../../../lib/route-data';
import { useSnackbar } from '../../../ui/snackbar';
import { Card, PageTitle } from '../../../ui/bits';
import { sellerQuotationsApi, type ProductChoices } from '../api';
import { AttachmentLinks } from '../Attachments';
import { StateBadge } from '../QuotationBits';
import { AnswerForm, type Answering, type FindProducts } from './AnswerForm';

const TAB =
  'cursor-pointer rounded-full px-4 py-2 text-sm font-semibold text-moss-800 outline-none data-[selected]:bg-white data-[selected]:shadow-sm data-[focus-visible]:ring-2 data-[focus-visible]:ring-moss-600';

/** The seller portal's quotations (/seller/quotations): the inbox of requests to the store, and open RFQs of its categories to answer. */
export function SellerQuotationsPage({ inbox, open }: { inbox: TSellerQuotation[]; open: TSellerQuotation[] }) {
  const { t } = useTranslation('quotations');
  const snackbar = useSnackbar();
  const [refused, setRefused] = useState<{ requestId: string; problem: Problem } | null>(null);
  const sentFor = useRef('');
  const sending = useAction({
    done: () => snackbar(t('seller.answered')),
    failed: (problem) => setRefused({ requestId: sentFor.current, problem }),
  });
  const answering: Answering = {
    send(form) {
      sentFor.current = String(form.get('requestId'));
      setRefused(null);
      void sending.upload('answer', form);
    },
    pending: sending.pending,
    refusal: (requestId) => (refused?.requestId === requestId ? refused.problem : null),
  };
  // The answer forms of one category share their product lists (a search typed again is not asked twice).
  const choices = useRef(new Map<string, Promise<ProductChoices>>());
  const findProducts = useCallback((categoryId: string, q: string) => {
    const key = `${categoryId}\n${q.toLowerCase()}`;
    let found = choices.current.get(key);
    if (!found) {
      found = sellerQuotationsApi.productsFor({ categoryId, q });
      choices.current.set(key, found);
      found.catch(() => choices.current.delete(key));
    }
    return found;
  }, []);

  const list = (rows: TSellerQuotation[], testId: string) =>
    rows.length === 0 ? (
      <p className="text-ink-muted">{t('seller.none')}</p>
    ) : (
      <ul className="space-y-4" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.request.id}>
            <RequestCard row={row} findProducts={findProducts} answering={answering} />
          </li>
        ))}
      </ul>
    );

  return (
    <Container className="py-8 sm:py-10" data-testid="seller-quotations">
      <PageTitle title={t('seller.title')} lead={t('seller.lead')} />
      <Tabs>
        <TabList aria-label={t('seller.title')} className="mb-4 inline-flex gap-1 rounded-full bg-sand-100 p-1">
          <Tab id="inbox" className={TAB}>
            {t('seller.inbox')} ({inbox.length})
          </Tab>
          <Tab id="open" className={TAB}>
            {t('seller.openRequests')} ({open.length})
          </Tab>
        </TabList>
        <TabPanel id="inbox" className="outline-none">
          {list(inbox, 'seller-quotation-inbox')}
        </TabPanel>
        <TabPanel id="open" className="outline-none">
          {list(open, 'seller-open-requests')}
        </TabPanel>
      </Tabs>
    </Container>
  );
}

function RequestCard({ row, findProducts, answering }: { row: TSellerQuotation; findProducts: FindProducts; answering: Answering }) {
  const { t } = useTranslation('quotations');
  const { language } = usePreferences();
  const { request, quotation } = row;
  const state = quotation?.state ?? 'requested';
  const mayAnswer = request.status === 'open' && state === 'requested';
  const [problem, setProblem] = useState<string | null>(null);
  const acting = useAction({ failed: (refusal) => setProblem(refusal.message) });
  const act = (action: 'decline' | 'withdraw') => {
    if (!quotation) return;
    setProblem(null);
    void acting.submit('act', { quotationId: quotation.id, action });
  };
  return (
    <Card as="article">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold" dir="auto">
          {request.product?.title ?? request.category.name}
        </p>
        <StateBadge state={state} />
      </div>
      <p className="mt-1 whitespace-pre-line text-sm" dir="auto">
        {request.description}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {t(`kind.${request.kind}`)} · {t('seller.buyer')}: <bdi>{request.buyerName}</bdi> · {t('quantity')}: {request.quantity}
        {request.targetPrice !== null ? ` · ${t('targetPrice')}: ${formatMoney(request.targetPrice, request.currency, language)}` : ''}
        {request.deadline !== null ? ` · ${t('deadline')}: ${formatDateLabel(request.deadline, language)}` : ''}
      </p>
      {request.attachments.length > 0 ? (
        <div className="mt-2 text-sm">
          <p className="font-semibold">{t('files')}</p>
          <AttachmentLinks attachments={request.attachments} links={false} />
        </div>
      ) : null}
      {quotation?.unitPrice != null ? (
        <p className="mt-2 text-sm">
          {t('unitPrice')}: {formatMoney(quotation.unitPrice, quotation.currency, language)} · {t('leadTime')}:{' '}
          {t('days', { count: quotation.leadTimeDays ?? 0 })}
        </p>
      ) : null}
      {quotation && quotation.attachments.length > 0 ? (
        <div className="mt-2 text-sm" data-testid="answer-files">
          <p className="font-semibold">{t('seller.yourFiles')}</p>
          <AttachmentLinks attachments={quotation.attachments} links={false} />
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-2 text-clay-800">
          {problem}
        </p>
      ) : null}
      {mayAnswer ? <AnswerForm row={row} findProducts={findProducts} answering={answering} /> : null}
      <div className="mt-3 flex gap-2">
        {quotation && state === 'requested' ? (
          <Button variant="secondary" disabled={acting.pending} onClick={() => act('decline')}>
            {t('seller.declineRequest')}
          </Button>
        ) : null}
        {quotation && state === 'answered' ? (
          <Button variant="secondary" disabled={acting.pending} onClick={() => act('withdraw')}>
            {t('seller.withdrawAnswer')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
