import {
  catalogLabel,
  PRODUCT_STATUSES,
  type ProductStatus,
  type StockState,
  type TSellerProduct,
  type TSellerProductListItem,
  type TStockUpdate,
  type TStore,
} from '@tessera/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Link, useNavigation, useSearchParams } from 'react-router';
import { formatMoney, formatNumber } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button, ButtonLink } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { SearchIcon } from '../../../ui/icons';
import { PlusIcon } from '../../../ui/more-icons';
import { useSnackbar } from '../../../ui/snackbar';
import { errorText } from '../../../lib/errors';
import { useAction } from '../../../lib/route-data';
import { portalClient } from '../../portal-shell/clients';
import { Badge, Notice, PageTitle, Spinner, type Tone } from '../../../ui/bits';
import { localized, useSellerStore } from '../../portal-shell/SellerPortal';
import { getProduct, listItemOf, listProducts, type ProductPage } from './api';
import { asciiDigits, toInt } from './draft';

export const STATUS_TONE: Record<ProductStatus, Tone> = { draft: 'neutral', published: 'approved', unpublished: 'pending' };
export const STOCK_TONE: Record<StockState, Tone> = { in_stock: 'approved', out_of_stock: 'pending', sold_out: 'rejected' };

/** Why a store that is not approved cannot publish (shown on the list and the form). */
export function PublishBlockedNotice({ store }: { store: TStore | undefined }) {
  const { t } = useTranslation('sellerCatalog');
  if (!store || store.status === 'approved') return null;
  return (
    <Notice tone={store.status === 'rejected' ? 'rejected' : 'pending'} title={t('pending.title')} testId="publish-blocked">
      <p>{store.status === 'rejected' ? t('pending.rejected') : t('pending.body')}</p>
    </Notice>
  );
}

function Thumb({ product, title }: { product: TSellerProductListItem; title: string }) {
  const { t } = useTranslation('sellerCatalog');
  const image = product.image;
  return (
    <span className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-sand-200 bg-sand-100 sm:h-20 sm:w-20">
      {image ? (
        <img src={image.thumbUrl} alt={title} width={100} height={100} loading="lazy" className="h-full w-full object-cover" />
      ) : (
        <span className="p-1 text-center text-xs text-ink-muted">{t('list.noImage')}</span>
      )}
    </span>
  );
}

/**
 * A product's variants for the stock panel, asked when the panel opens (a read on demand, not the
 * page's data: docs/web.md "Loading and submitting data").
 */
function useVariantsWhenOpen(id: string | null): { data?: TSellerProduct; error?: unknown } {
  const [state, setState] = useState<{ data?: TSellerProduct; error?: unknown }>({});
  useEffect(() => {
    setState({});
    if (!id) return;
    const controller = new AbortController();
    getProduct(portalClient('seller'), id, controller.signal).then(
      (data) => setState({ data }),
      (error: unknown) => controller.signal.aborted || setState({ error }),
    );
    return () => controller.abort();
  }, [id]);
  return state;
}

/**
 * Quick stock editing: one number without variants; with variants, one per variant (loaded when opened).
 * The row submits it (`onSave`): a saved stock gives the product a new `updatedAt`, which draws this editor anew.
 */
function StockEditor({
  product,
  onSave,
  busy,
  refusal,
}: {
  product: TSellerProductListItem;
  onSave(update: TStockUpdate): void;
  busy: boolean;
  refusal: string | null;
}) {
  const { t } = useTranslation('sellerCatalog');
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const base = useId();
  const [open, setOpen] = useState(false);
  const [stock, setStock] = useState(String(product.stock));
  const [variants, setVariants] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = invalid ?? refusal;
  const hasVariants = product.variantCount > 0;
  const full = useVariantsWhenOpen(open && hasVariants ? product.id : null);
  const loaded = full.data?.variants ?? [];
  const valueOf = (id: string, fallback: number) => variants[id] ?? String(fallback);

  function save(event: FormEvent) {
    event.preventDefault();
    const perVariant = loaded.map((v) => ({ id: v.id, stock: toInt(valueOf(v.id, v.stock)) ?? -1 }));
    const single = toInt(stock) ?? -1;
    if (hasVariants ? perVariant.some((v) => v.stock < 0) : single < 0) {
      setInvalid(t('form.invalid'));
      return;
    }
    setInvalid(null);
    onSave(hasVariants ? { variants: perVariant } : { stock: single });
  }

  const input = 'field h-10 w-24 py-1 text-end tabular-nums';
  if (!hasVariants) {
    return (
      <form onSubmit={save} className="flex items-end gap-2" data-testid="stock-editor">
        <div>
          <label htmlFor={`${base}-stock`} className="mb-1 block text-xs font-semibold text-ink-muted">
            {t('list.stock')}
          </label>
          <input
            id={`${base}-stock`}
            className={input}
            inputMode="numeric"
            dir="ltr"
            value={stock}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${base}-error` : undefined}
            onChange={(e) => setStock(asciiDigits(e.target.value))}
            data-testid="stock-input"
          />
        </div>
        <Button type="submit" variant="secondary" className="h-10 px-4 py-0 text-sm" disabled={busy || stock === String(product.stock)}>
          {t('list.saveStock')}
        </Button>
        {error ? (
          <p id={`${base}-error`} className="self-center text-sm font-medium text-clay-700">
            {error}
          </p>
        ) : null}
      </form>
    );
  }
  return (
    <>
      <Button variant="ghost" className="h-10 px-3 py-0 text-sm" aria-expanded={open} aria-controls={`${base}-panel`} onClick={() => setOpen((o) => !o)}>
        {t('list.editStock')}
      </Button>
      {open ? (
        // The panel takes a line of its own under the row's buttons.
        <form
          id={`${base}-panel`}
          onSubmit={save}
          className="order-last basis-full rounded-xl border border-sand-200 bg-sand-50 p-3"
          data-testid="stock-editor"
        >
          {full.data ? (
            <ul className="grid gap-2 sm:grid-cols-2">
              {loaded.map((variant) => (
                <li key={variant.id} className="flex items-center justify-between gap-3">
                  <label htmlFor={`${base}-${variant.id}`} className="min-w-0 truncate text-sm">
                    {[variant.colour ? catalogLabel('colour', variant.colour, language) : null, variant.size, variant.sku].filter(Boolean).join(' · ') || '—'}
                  </label>
                  <input
                    id={`${base}-${variant.id}`}
                    className={input}
                    inputMode="numeric"
                    dir="ltr"
                    value={valueOf(variant.id, variant.stock)}
                    onChange={(e) => {
                      const value = asciiDigits(e.target.value);
                      setVariants((v) => ({ ...v, [variant.id]: value }));
                    }}
                  />
                </li>
              ))}
            </ul>
          ) : full.error ? (
            <p className="text-sm font-medium text-clay-700">{errorText(full.error, tp)}</p>
          ) : (
            <Spinner label={tp('common.loading')} />
          )}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button type="submit" variant="secondary" className="h-10 px-4 py-0 text-sm" disabled={busy || !full.data}>
              {t('list.saveStock')}
            </Button>
            {error ? <p className="text-sm font-medium text-clay-700">{error}</p> : null}
          </div>
        </form>
      ) : null}
    </>
  );
}

function ProductRow({ product, canPublish, onChanged }: { product: TSellerProductListItem; canPublish: boolean; onChanged(product: TSellerProduct): void }) {
  const { t } = useTranslation('sellerCatalog');
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const title = localized(product.title, language);
  const published = product.status === 'published';
  const titleId = `product-${product.id}`;
  const [stockRefusal, setStockRefusal] = useState<string | null>(null);
  const stocking = useAction<TSellerProduct>({
    done: (saved) => {
      onChanged(saved);
      snackbar(t('list.stockSaved', { title }));
    },
    failed: (problem) => {
      setStockRefusal(problem.message);
      snackbar(problem.message, { variant: 'error' });
    },
  });
  const saveStock = (update: TStockUpdate) => {
    setStockRefusal(null);
    void stocking.submit('stock', { id: product.id, update });
  };
  const publishing = useAction<TSellerProduct>({
    done: (saved) => {
      onChanged(saved);
      snackbar(t(saved.status === 'published' ? 'list.published' : 'list.unpublished', { title }));
    },
    failed: (problem) => snackbar(problem.message, { variant: 'error' }),
  });
  const busy = publishing.pending;
  const toggle = () => void publishing.submit('publish', { id: product.id, publish: !published });

  return (
    <li
      aria-labelledby={titleId}
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 p-4 sm:p-5 lg:grid-cols-[auto_minmax(0,1fr)_auto] lg:items-center"
      data-testid="seller-product-row"
      data-status={product.status}
    >
      <Thumb product={product} title={title} />
      <div className="min-w-0">
        <Link
          id={titleId}
          to={`/seller/products/${product.id}`}
          className="line-clamp-2 font-semibold text-moss-900 underline-offset-4 hover:underline"
          dir="auto"
          data-testid="seller-product-title"
        >
          {title}
        </Link>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold tabular-nums">{formatMoney(product.price, product.currency, language)}</span>
          {product.mrp > product.price ? <s className="text-ink-muted tabular-nums">{formatMoney(product.mrp, product.currency, language)}</s> : null}
        </p>
        <p className="mt-1.5 flex flex-wrap items-center gap-1.5">
          <Badge tone={STATUS_TONE[product.status]} testId="product-status">
            {t(`status.${product.status}`)}
          </Badge>
          <Badge tone={STOCK_TONE[product.stockState]}>
            {t(`stockState.${product.stockState}`)}
            {product.stockState === 'in_stock' ? ` · ${formatNumber(product.stock, language)}` : ''}
          </Badge>
          {product.variantCount > 0 ? (
            <span className="text-xs text-ink-muted">{t('list.variants', { total: formatNumber(product.variantCount, language) })}</span>
          ) : null}
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-1 lg:justify-end">
        <StockEditor key={product.updatedAt} product={product} onSave={saveStock} busy={stocking.pending} refusal={stockRefusal} />
        <div className="ms-auto flex gap-2 lg:ms-0">
          <Button
            variant={published ? 'ghost' : 'secondary'}
            className="h-10 px-3 py-0 text-sm"
            disabled={busy || (!published && !canPublish)}
            onClick={toggle}
            data-testid={published ? 'unpublish-product' : 'publish-product'}
          >
            {published ? t('list.unpublish') : t('list.publish')}
          </Button>
          <ButtonLink to={`/seller/products/${product.id}`} variant="ghost" className="h-10 px-3 py-0 text-sm" aria-label={`${t('list.edit')}: ${title}`}>
            {t('list.edit')}
          </ButtonLink>
        </div>
      </div>
    </li>
  );
}

/** The list's filters, from the address (`?q=&status=`): the route's loader and the page read the same. */
export function listFilters(params: URLSearchParams): { q: string; status: ProductStatus | '' } {
  const status = params.get('status') ?? '';
  return { q: params.get('q') ?? '', status: (PRODUCT_STATUSES as readonly string[]).includes(status) ? (status as ProductStatus) : '' };
}

/** The seller's products (/seller/products): the first page comes from the route's loader; "load more" adds the next ones. */
export function ProductList({ page }: { page: ProductPage }) {
  const { t } = useTranslation('sellerCatalog');
  const { t: tp } = useTranslation('portal');
  const store = useSellerStore();
  const navigation = useNavigation();
  const [params, setParams] = useSearchParams();
  const { q, status } = listFilters(params);
  const [typed, setTyped] = useState(q);
  const [more, setMore] = useState<ProductPage | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const searchId = useId();

  // Other filters, other pages: what was loaded more belongs to the old ones.
  useEffect(() => setMore(null), [q, status]);

  // The search follows the typing, a moment after the last key.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (typed.trim()) next.set('q', typed.trim());
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, 350);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const items = [...page.items, ...(more?.items ?? [])];
  const nextCursor = more ? more.nextCursor : page.nextCursor;
  const canPublish = store.data?.status === 'approved';

  // The loader brings the first page again after a change; the pages loaded more are updated here.
  function replace(full: TSellerProduct) {
    const product = listItemOf(full);
    setMore((current) => current && { ...current, items: current.items.map((p) => (p.id === product.id ? product : p)) });
  }

  async function loadMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const next = await listProducts(portalClient('seller'), { q, status, cursor: nextCursor });
      setMore((current) => ({ items: [...(current?.items ?? []), ...next.items], nextCursor: next.nextCursor }));
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <Container className="py-8 sm:py-10">
      <PageTitle title={t('list.title')} lead={t('list.lead')}>
        <ButtonLink to="/seller/products/new" data-testid="new-product">
          <PlusIcon width={18} height={18} />
          {t('list.newProduct')}
        </ButtonLink>
      </PageTitle>
      <div className="space-y-5">
        <PublishBlockedNotice store={store.data} />
        <form
          role="search"
          onSubmit={(e) => e.preventDefault()}
          className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_14rem]"
        >
          <div>
            <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold">
              {t('list.search')}
            </label>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-ink-muted" width={18} height={18} />
              <input
                id={searchId}
                type="search"
                className="field ps-10"
                placeholder={t('list.searchPlaceholder')}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                data-testid="seller-product-search"
              />
            </div>
          </div>
          <div>
            <label htmlFor={`${searchId}-status`} className="mb-1.5 block text-sm font-semibold">
              {t('list.status')}
            </label>
            <select
              id={`${searchId}-status`}
              className="select"
              value={status}
              data-testid="seller-product-status"
              onChange={(e) => {
                const value = e.target.value;
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (value) next.set('status', value);
                    else next.delete('status');
                    return next;
                  },
                  { replace: true },
                );
              }}
            >
              <option value="">{t('list.allStatuses')}</option>
              {PRODUCT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </form>

        {items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-sand-300 bg-white px-4 py-10 text-center text-ink-muted" data-testid="seller-products-empty">
            {q || status ? t('list.noMatch') : t('list.empty')}
          </p>
        ) : (
          <>
            <ul
              className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white shadow-sm"
              data-testid="seller-products"
              aria-busy={navigation.state === 'loading'}
            >
              {items.map((product) => (
                <ProductRow key={product.id} product={product} canPublish={canPublish} onChanged={replace} />
              ))}
            </ul>
            {nextCursor ? (
              <div className="text-center">
                <Button variant="secondary" onClick={loadMore} disabled={loadingMore}>
                  {loadingMore ? tp('common.loading') : t('list.loadMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </Container>
  );
}
