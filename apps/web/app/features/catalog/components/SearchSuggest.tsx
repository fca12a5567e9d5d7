import { SEARCH_QUERY_MAX } from '@tessera/contracts';
import { Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Form, useLocation, useSearchParams } from 'react-router';
import { lazyPart } from '../../../lib/lazy-part';
import { SearchIconSmall } from './search-icons';

/** What the input announces of its list: whether it is open and which option is active. */
export interface SearchListState {
  expanded: boolean;
  activeId: string | undefined;
}

// The list (recent searches, suggestions, their keyboard) comes when the box is first pointed at,
// focused or typed in: every page has the box, few pages see it used. If it cannot be downloaded, the
// box is a plain search form until the next try.
const loadDropdown = () => import('./SearchDropdown');
const SearchDropdown = lazyPart(() => loadDropdown().then((module) => module.SearchDropdown));

/**
 * The header's search box: a plain GET form to /search (works before hydration and before the
 * list's code arrives), enhanced with a combobox listing recent searches (empty box) or suggestions
 * (while typing).
 */
export function SearchSuggest({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [params] = useSearchParams();
  const location = useLocation();
  const current = location.pathname === '/search' ? (params.get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [list, setList] = useState<SearchListState>({ expanded: false, activeId: undefined });
  const keys = useRef<((event: KeyboardEvent<HTMLInputElement>) => void) | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const focusInput = useCallback(() => input.current?.focus(), []);

  useEffect(() => {
    setValue(current);
    setOpen(false);
  }, [current, location.key]);

  function openList() {
    setOpen(true);
    setUsed(true);
  }

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
          aria-expanded={list.expanded}
          aria-controls={listId}
          aria-activedescendant={list.activeId}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            openList();
          }}
          onPointerEnter={() => void loadDropdown()}
          onFocus={openList}
          onClick={openList}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
            else keys.current?.(event);
          }}
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
      {used ? (
        <Suspense fallback={null}>
          <SearchDropdown
            id={id}
            listId={listId}
            value={value}
            open={open}
            setOpen={setOpen}
            setValue={setValue}
            keys={keys}
            onState={setList}
            focusInput={focusInput}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
