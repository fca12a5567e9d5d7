import { useCallback, useEffect, useState, type KeyboardEvent, type MutableRefObject } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { ClockIconSmall, SearchIconSmall } from './search-icons';
import type { SearchListState } from './SearchSuggest';

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
 * The search box's list: recent searches (empty box) or suggestions (while typing), with the
 * keyboard's arrows and Enter. Loaded when the box is first used (./SearchSuggest.tsx), which
 * hands it the input's keys and reads back what the input must announce.
 */
export function SearchDropdown({
  id,
  listId,
  value,
  open,
  setOpen,
  setValue,
  keys,
  onState,
  focusInput,
}: {
  id: string;
  listId: string;
  value: string;
  open: boolean;
  setOpen(open: boolean): void;
  setValue(value: string): void;
  keys: MutableRefObject<((event: KeyboardEvent<HTMLInputElement>) => void) | null>;
  onState(state: SearchListState): void;
  focusInput(): void;
}) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [active, setActive] = useState(-1);
  const { recent, suggestions, clearRecent } = useSearchData(value, open);

  const typed = value.trim();
  const options: Option[] =
    typed.length === 0
      ? (recent ?? []).map((text) => ({ kind: 'recent' as const, text, href: searchHref(text) }))
      : [
          ...(suggestions?.terms ?? []).map((text) => ({ kind: 'term' as const, text, href: searchHref(text) })),
          ...(suggestions?.products ?? []).map((p) => ({ kind: 'product' as const, text: p.title, href: `/p/${p.slug}`, thumbUrl: p.thumbUrl })),
        ];
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;

  useEffect(() => setActive(-1), [value, expanded]);
  useEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState]);
  useEffect(() => () => onState({ expanded: false, activeId: undefined }), [onState]);

  function go(option: Option) {
    setOpen(false);
    if (option.kind !== 'product') setValue(option.text);
    void navigate(option.href);
  }

  // The input's keys (./SearchSuggest.tsx) are this list's: set after each render, cleared when it goes.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
    }
  };
  useEffect(() => {
    keys.current = onKeyDown;
  });
  useEffect(() => () => void (keys.current = null), [keys]);

  const recentMode = typed.length === 0;
  const firstProduct = options.findIndex((o) => o.kind === 'product');
  return (
    <div
      hidden={!expanded}
      className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-lg"
      data-testid="search-dropdown"
    >
      <div className="flex items-center justify-between px-4 pt-3 text-xs font-bold uppercase tracking-wider text-ink-muted rtl:tracking-normal">
        <span id={`${id}-heading`}>{recentMode ? t('search.recent') : t('search.suggestions')}</span>
        {recentMode ? (
          <button
            type="button"
            data-testid="recent-clear"
            onClick={() => {
              void clearRecent();
              focusInput();
            }}
            className="rounded-full px-2 py-1 font-semibold normal-case tracking-normal text-clay-700 hover:bg-clay-50"
          >
            {t('search.clearRecent')}
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
  );
}
