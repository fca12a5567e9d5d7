import { SEARCH_QUERY_MAX } from '@tessera/contracts';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Form, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { ClockIconSmall, SearchIconSmall } from './search-icons';

interface Suggestions {
  terms: string[];
  products: { id: string; slug: string; title: string; thumbUrl: string | null }[];
}

type Option = { kind: 'recent' | 'term'; text: string; href: string } | { kind: 'product'; text: string; href: string; thumbUrl: string | null };

const searchHref = (q: string) => `/search?q=${encodeURIComponent(q)}`;
const SUGGEST_DELAY_MS = 120;

/** Recent searches (guests included: the API keeps them per token) and suggestions as the user types. */
function useSearchData(value: string, open: boolean) {
  const [recent, setRecent] = useState<string[] | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const location = useLocation();

  // A search just ran: the list changed on the server.
  useEffect(() => setRecent(null), [location.search]);

  useEffect(() => {
    if (!open || recent !== null) return;
    let live = true;
    api()
      .get<{ data: { recentSearches: string[] } }>('/v1/search/recent')
      .then((answer) => live && setRecent(answer.data.recentSearches))
      .catch(() => live && setRecent([]));
    return () => {
      live = false;
    };
  }, [open, recent]);

  useEffect(() => {
    const q = value.trim();
    if (!open || q.length < 2) {
      setSuggestions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api()
        .get<{ data: Suggestions }>(`/v1/search/suggest?q=${encodeURIComponent(q)}&limit=6`, { auth: false, signal: controller.signal })
        .then((answer) => setSuggestions(answer.data))
        .catch(() => undefined);
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, open]);

  const clearRecent = useCallback(async () => {
    setRecent([]);
    await api()
      .request('DELETE', '/v1/search/recent')
      .catch(() => undefined);
  }, []);

  return { recent, suggestions, clearRecent };
}

/**
 * The header's search box: a plain GET form to /search (works before hydration), enhanced with a
 * combobox listing recent searches (empty box) or suggestions (while typing).
 */
export function SearchSuggest({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('catalog');
  const id = useId();
  const listId = `${id}-list`;
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const current = location.pathname === '/search' ? (params.get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const { recent, suggestions, clearRecent } = useSearchData(value, open);

  useEffect(() => {
    setValue(current);
    setOpen(false);
  }, [current, location.key]);

  const typed = value.trim();
  const options: Option[] =
    typed.length === 0
      ? (recent ?? []).map((text) => ({ kind: 'recent' as const, text, href: searchHref(text) }))
      : [
          ...(suggestions?.terms ?? []).map((text) => ({ kind: 'term' as const, text, href: searchHref(text) })),
          ...(suggestions?.products ?? []).map((p) => ({ kind: 'product' as const, text: p.title, href: `/p/${p.slug}`, thumbUrl: p.thumbUrl })),
        ];
  const expanded = open && options.length > 0;

  useEffect(() => setActive(-1), [value, expanded]);

  function go(option: Option) {
    setOpen(false);
    if (option.kind !== 'product') setValue(option.text);
    navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      go(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const recentMode = typed.length === 0;
  const firstProduct = options.findIndex((o) => o.kind === 'product');

  return (
    <div
      ref={box}
      className={`relative ${className}`}
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Form method="get" action="/search" role="search" onSubmit={() => setOpen(false)}>
        <label htmlFor={id} className="sr-only">
          {t('header.searchLabel')}
        </label>
        <input
          ref={input}
          id={id}
          name="q"
          type="search"
          data-testid="search-input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          placeholder={t('header.searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_QUERY_MAX}
          className="field h-11 rounded-full ps-4 pe-12"
        />
        <button
          type="submit"
          className="absolute end-1 top-1 inline-flex h-9 w-9 items-center justify-center rounded-full bg-moss-700 text-white hover:bg-moss-800"
        >
          <SearchIconSmall />
          <span className="sr-only">{t('header.searchSubmit')}</span>
        </button>
      </Form>
      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-lg"
        data-testid="search-dropdown"
      >
        <div className="flex items-center justify-between px-4 pt-3 text-xs font-bold uppercase tracking-wider text-ink-muted rtl:tracking-normal">
          <span id={`${id}-heading`}>{recentMode ? tc('search.recent') : tc('search.suggestions')}</span>
          {recentMode ? (
            <button
              type="button"
              data-testid="recent-clear"
              onClick={() => {
                void clearRecent();
                input.current?.focus();
              }}
              className="rounded-full px-2 py-1 font-semibold normal-case tracking-normal text-clay-700 hover:bg-clay-50"
            >
              {tc('search.clearRecent')}
            </button>
          ) : null}
        </div>
        <ul id={listId} role="listbox" aria-labelledby={`${id}-heading`} className="max-h-96 overflow-y-auto py-2">
          {options.map((option, index) => (
            <li
              key={`${option.kind}-${option.href}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-testid={option.kind === 'recent' ? 'recent-search' : 'search-suggestion'}
              data-kind={option.kind}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(option)}
              className={`flex cursor-pointer items-center gap-3 px-4 py-2 text-sm ${index === active ? 'bg-moss-50' : 'hover:bg-sand-50'} ${
                index === firstProduct && index > 0 ? 'border-t border-sand-100' : ''
              }`}
            >
              {option.kind === 'product' ? (
                option.thumbUrl ? (
                  <img src={option.thumbUrl} alt="" width={32} height={32} className="h-8 w-8 rounded-md object-cover" />
                ) : (
                  <span className="h-8 w-8 rounded-md bg-sand-100" aria-hidden="true" />
                )
              ) : option.kind === 'recent' ? (
                <ClockIconSmall className="text-ink-muted" />
              ) : (
                <SearchIconSmall className="text-ink-muted" />
              )}
              <span className="min-w-0 flex-1 truncate rtl:text-right" dir="auto">
                {option.text}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
