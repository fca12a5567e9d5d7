import type { TConversationListItem, TSellerProductListItem, TVariant } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Button, Input, Label, ListBox, ListBoxItem, Popover, SearchField, Select, SelectValue } from 'react-aria-components';
import { formatMoney } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { usePreferences } from '../../../lib/preferences';
import { useSnackbar } from '../../../ui/snackbar';
import { portalClient } from '../../portal-shell/clients';
import { listProducts } from '../../catalog/seller/api';
import { createOffer } from '../api';
import { newMessageId } from '../model';
import { TagIcon } from './icons';
import { OfferDialog } from './OfferDialog';

function localized(title: Record<string, string>, language: string): string {
  return title[language] ?? title.en ?? Object.values(title)[0] ?? '';
}

/** The seller's "make an offer": pick one of the store's products, set quantity and unit price, send. */
export function MakeOffer({ conversation, onSent }: { conversation: TConversationListItem; onSent(): void }) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [products, setProducts] = useState<TSellerProductListItem[]>([]);
  const [selected, setSelected] = useState<TSellerProductListItem | null>(null);
  const [variants, setVariants] = useState<TVariant[]>([]);
  const [variantId, setVariantId] = useState<string | null>(null);

  // A product with variants is offered as one of them (the cart line needs it).
  useEffect(() => {
    setVariants([]);
    setVariantId(null);
    if (!selected || selected.variantCount === 0) return;
    const controller = new AbortController();
    fetch(`/v1/products/${encodeURIComponent(selected.slug)}`, { headers: { language }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ data: { variants: TVariant[] } }>) : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((answer) => {
        setVariants(answer.data.variants);
        setVariantId(answer.data.variants[0]?.id ?? null);
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') console.warn('[chat] variants not loaded', error);
      });
    return () => controller.abort();
  }, [selected, language]);
  const variant = variants.find((v) => v.id === variantId);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      listProducts(portalClient('seller'), { q: query.trim() || undefined, status: 'published', limit: 8 }, controller.signal).then(
        (page) => setProducts(page.items),
        (error: unknown) => {
          if ((error as Error).name !== 'AbortError') console.warn('[chat] products not loaded', error);
        },
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query]);

  return (
    <>
      <button
        type="button"
        data-testid="make-offer"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 rounded-full border border-moss-700 px-3 py-1.5 text-sm font-semibold text-moss-800 hover:bg-moss-50"
      >
        <TagIcon width={16} height={16} />
        <span className="hidden sm:inline">{t('offer.make')}</span>
        <span className="sr-only sm:hidden">{t('offer.make')}</span>
      </button>
      <OfferDialog
        open={open}
        mode="make"
        currency={selected?.currency ?? 'EUR'}
        initial={{ quantity: 1, price: variant?.price.amount ?? selected?.price ?? 0 }}
        canSubmit={selected !== null && (selected.variantCount === 0 || variantId !== null)}
        onClose={() => setOpen(false)}
        onSubmit={async (terms) => {
          if (!selected) return;
          try {
            await createOffer('seller', {
              conversationId: conversation.conversationId,
              kind: 'sale',
              productId: selected.id,
              ...(variantId ? { variantId } : {}),
              quantity: terms.quantity,
              price: terms.price,
              currency: selected.currency,
              messageId: newMessageId(),
            });
            setOpen(false);
            onSent();
          } catch (error) {
            console.warn('[chat] offer not sent', error);
            snackbar(error instanceof HttpError && error.code ? error.message : t('offer.failed'), { variant: 'error' });
          }
        }}
      >
        <div>
          <SearchField value={query} onChange={setQuery} aria-describedby="offer-product-hint">
            <Label className="text-sm font-semibold">{t('offer.product')}</Label>
            <Input data-testid="offer-product-search" className="mt-1 block w-full rounded-lg border border-sand-500 bg-white px-3 py-2 outline-none focus:border-moss-600" />
          </SearchField>
          <p id="offer-product-hint" className="mt-1 text-xs text-ink-muted">
            {t('offer.productHint')}
          </p>
          <ListBox
            aria-label={t('offer.product')}
            selectionMode="single"
            selectedKeys={selected ? [selected.id] : []}
            onSelectionChange={(keys) => {
              const [key] = keys === 'all' ? [] : [...keys];
              setSelected(products.find((p) => p.id === key) ?? null);
            }}
            items={products}
            className="mt-2 max-h-48 overflow-y-auto rounded-lg border border-sand-200"
          >
            {(product) => (
              <ListBoxItem
                id={product.id}
                textValue={localized(product.title, language)}
                data-testid="offer-product"
                data-product-id={product.id}
                className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm outline-none data-[focused]:bg-sand-50 data-[selected]:bg-moss-50 data-[selected]:font-semibold"
              >
                <span dir="auto" className="min-w-0 flex-1 truncate">
                  {localized(product.title, language)}
                </span>
                <span className="shrink-0 text-ink-muted">{formatMoney(product.price, product.currency, language)}</span>
              </ListBoxItem>
            )}
          </ListBox>
          {variants.length > 0 ? (
            <Select selectedKey={variantId} onSelectionChange={(key) => setVariantId(typeof key === 'string' ? key : null)} className="mt-3">
              <Label className="text-sm font-semibold">{t('offer.variant')}</Label>
              <Button data-testid="offer-variant" className="mt-1 flex w-full items-center justify-between rounded-lg border border-sand-500 bg-white px-3 py-2 text-start outline-none data-[focus-visible]:border-moss-600">
                <SelectValue />
                <span aria-hidden="true">▾</span>
              </Button>
              <Popover className="w-[--trigger-width] rounded-lg border border-sand-200 bg-white shadow-lg">
                <ListBox items={variants} className="max-h-56 overflow-y-auto outline-none">
                  {(option) => (
                    <ListBoxItem id={option.id} textValue={[option.colour, option.size].filter(Boolean).join(' · ') || option.id} className="cursor-pointer px-3 py-2 text-sm outline-none data-[focused]:bg-sand-50 data-[selected]:font-semibold">
                      {[option.colour, option.size].filter(Boolean).join(' · ') || option.sku || option.id} — {formatMoney(option.price.amount, option.price.currency, language)}
                    </ListBoxItem>
                  )}
                </ListBox>
              </Popover>
            </Select>
          ) : null}
        </div>
      </OfferDialog>
    </>
  );
}
