import { CURRENCIES, type FacetKey, type TFacet, type TFacetValue } from '@tessera/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Form, Link } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { countryName } from '../format';
import { useCatalogLabels } from '../labels';
import {
  clearFacet,

  isFacetSelected,
  parsePriceRange,
  queryString,
  toggleFacet,
  toSearchParams,
  type ListingState,
  type MultiKey,
} from '../listing-url';
import { ColourDot } from './ProductCard';

export interface ListingLinks {
  basePath: string;
  fixed: readonly MultiKey[];
}

export function listingHref(links: ListingLinks, state: ListingState): string {
  return `${links.basePath}${queryString(toSearchParams(state, { fixed: links.fixed }))}`;
}

const SHOWN_VALUES = 8;

/** Facets whose values are ranges or minimums: one value at a time. */
const SINGLE: readonly FacetKey[] = ['rating', 'discount', 'price', 'inStock'];

function minorDigits(currency: string): number {
  return CURRENCIES.find((c) => c.code === currency)?.minorDigits ?? 2;
}

/** The label of a facet value in the page's language. */
export function useFacetValueLabel(currency: string): (key: FacetKey, value: string, fallback?: string) => string {
  const { t } = useTranslation('catalog');
  const { language } = usePreferences();
  const labels = useCatalogLabels();
  return (key, value, fallback) => {
    switch (key) {
      case 'rating':
        return t('rating.andUp', { stars: value });
      case 'discount':
        return t('facets.discountAtLeast', { percent: value });
      case 'inStock':
        return t('facets.inStockOnly');
      case 'origin':
        return countryName(value, language);
      case 'colour':
        return fallback && fallback !== value ? fallback : labels.colour(value);
      case 'certification':
        return fallback && fallback !== value ? fallback : labels.certification(value);
      case 'material':
        return fallback && fallback !== value ? fallback : labels.material(value);
      case 'price': {
        const range = parsePriceRange(value);
        if (!range) return fallback ?? value;
        const format = (minor: number) =>
          new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(minor / 10 ** minorDigits(currency));
        if (range.min !== null && range.max !== null) return `${format(range.min)} – ${format(range.max)}`;
        if (range.min !== null) return `≥ ${format(range.min)}`;
        return `≤ ${format(range.max ?? 0)}`;
      }
      default:
        return fallback ?? value;
    }
  };
}

function FacetOption({
  facet,
  option,
  state,
  links,
  currency,
}: {
  facet: TFacet;
  option: TFacetValue;
  state: ListingState;
  links: ListingLinks;
  currency: string;
}) {
  const label = useFacetValueLabel(currency);
  const selected = option.selected || isFacetSelected(state, facet.key, option.value);
  const single = SINGLE.includes(facet.key);
  const disabled = option.count === 0 && !selected;
  const text = label(facet.key, option.value, option.label);
  const box = (
    <span
      aria-hidden="true"
      className={`inline-flex h-4 w-4 shrink-0 items-center justify-center border ${single ? 'rounded-full' : 'rounded'} ${
        selected ? 'border-moss-700 bg-moss-700 text-white' : 'border-sand-500 bg-white'
      }`}
    >
      {selected ? <span className={single ? 'h-1.5 w-1.5 rounded-full bg-white' : 'text-[10px] leading-none'}>{single ? null : '✓'}</span> : null}
    </span>
  );
  const content = (
    <>
      {box}
      {facet.key === 'colour' ? <ColourDot colour={option.value} label={text} /> : null}
      <span className="min-w-0 flex-1 truncate rtl:text-right" dir="auto">
        {text}
      </span>
      <span className="text-xs tabular-nums text-ink-muted">{option.count}</span>
    </>
  );
  const classes = `flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm ${selected ? 'font-semibold text-moss-900' : 'text-ink'}`;
  if (disabled) {
    return (
      <li>
        <span className={`${classes} opacity-50`} data-testid={`facet-${facet.key}-${option.value}`} aria-disabled="true">
          {content}
        </span>
      </li>
    );
  }
  return (
    <li>
      <Link
        to={listingHref(links, toggleFacet(state, facet.key, option.value))}
        rel="nofollow"
        preventScrollReset
        role="checkbox"
        aria-checked={selected}
        data-testid={`facet-${facet.key}-${option.value}`}
        data-count={option.count}
        className={`${classes} hover:bg-moss-50`}
      >
        {content}
      </Link>
    </li>
  );
}

/** Custom price range, typed in major units; a plain GET form that keeps every other filter. */
function PriceForm({ state, links, currency }: { state: ListingState; links: ListingLinks; currency: string }) {
  const { t } = useTranslation('catalog');
  const others = toSearchParams(clearFacet(state, 'price'), { fixed: links.fixed });
  const digits = minorDigits(currency);
  const major = (minor: number | null | undefined) => (minor === null || minor === undefined ? '' : String(minor / 10 ** digits));
  // An inverted range is shown back as typed, with the error, and not applied (the API refuses it too).
  const shown = state.priceInverted ?? state.price;
  const errorId = useId();
  const invalid = state.priceInverted !== null;
  return (
    <Form method="get" action={links.basePath} preventScrollReset className="mt-2 px-2">
      {[...others.entries()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex items-end gap-2">
        <PriceField label={`${t('facets.priceMin')} (${currency})`} name="priceMin" value={major(shown?.min)} errorId={invalid ? errorId : undefined} />
        <PriceField label={`${t('facets.priceMax')} (${currency})`} name="priceMax" value={major(shown?.max)} errorId={invalid ? errorId : undefined} />
        <button type="submit" className="h-9 rounded-full bg-moss-700 px-3 text-sm font-semibold text-white hover:bg-moss-800">
          {t('facets.priceApply')}
        </button>
      </div>
      {invalid ? (
        <p id={errorId} role="alert" className="mt-1.5 text-xs font-medium text-clay-700" data-testid="price-range-error">
          {t('facets.priceInverted')}
        </p>
      ) : null}
    </Form>
  );
}

/** One bound of the price form, in major units; `errorId` names the error that describes it. */
function PriceField({ label, name, value, errorId }: { label: string; name: string; value: string; errorId: string | undefined }) {
  return (
    <label className="flex min-w-0 flex-1 flex-col text-xs text-ink-muted">
      {label}
      <input name={name} inputMode="decimal" defaultValue={value} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className="field mt-1 h-9 px-2 text-sm" />
    </label>
  );
}

function FacetGroup({ facet, state, links, currency }: { facet: TFacet; state: ListingState; links: ListingLinks; currency: string }) {
  const { t } = useTranslation('catalog');
  const values = facet.values;
  const selectedLater = values.slice(SHOWN_VALUES).some((v) => v.selected || isFacetSelected(state, facet.key, v.value));
  const first = values.slice(0, SHOWN_VALUES);
  const rest = values.slice(SHOWN_VALUES);
  const headingId = `facet-heading-${facet.key}`;
  return (
    <section aria-labelledby={headingId} className="border-b border-sand-200 py-3" data-testid={`facet-${facet.key}`}>
      <h3 id={headingId} className="px-2 font-sans text-xs font-bold uppercase tracking-wider text-moss-800 rtl:tracking-normal">
        {t(`facets.${facet.key}`)}
      </h3>
      <ul className="mt-1.5">
        {first.map((option) => (
          <FacetOption key={option.value} facet={facet} option={option} state={state} links={links} currency={currency} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details open={selectedLater} className="group">
          <summary className="cursor-pointer list-none px-2 py-1 text-sm font-semibold text-moss-700 hover:underline">
            <span className="group-open:hidden">{t('facets.showMore')}</span>
            <span className="hidden group-open:inline">{t('facets.showLess')}</span>
          </summary>
          <ul>
            {rest.map((option) => (
              <FacetOption key={option.value} facet={facet} option={option} state={state} links={links} currency={currency} />
            ))}
          </ul>
        </details>
      ) : null}
      {facet.key === 'price' ? <PriceForm state={state} links={links} currency={currency} /> : null}
    </section>
  );
}

/** Every facet of the answer with its counts, except the ones the page's path fixes. */
export function FacetList({ facets, state, links, currency }: { facets: TFacet[]; state: ListingState; links: ListingLinks; currency: string }) {
  return (
    <div>
      {facets
        .filter((facet) => !(links.fixed as readonly string[]).includes(facet.key))
        .filter((facet) => facet.values.length > 0 || facet.key === 'price')
        .map((facet) => (
          <FacetGroup key={facet.key} facet={facet} state={state} links={links} currency={currency} />
        ))}
    </div>
  );
}

