import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useSearchParams } from 'react-router';
import { SearchIcon } from '../../ui/icons';

/** A plain GET form to /search: works before hydration too. */
export function SearchBox({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/search" role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('header.searchLabel')}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={params.get('q') ?? ''}
        key={params.get('q') ?? ''}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={120}
        className="field h-11 rounded-full ps-4 pe-12"
      />
      <button
        type="submit"
        className="absolute end-1 top-1 inline-flex h-9 w-9 items-center justify-center rounded-full bg-moss-700 text-white hover:bg-moss-800"
      >
        <SearchIcon width={18} height={18} />
        <span className="sr-only">{t('header.searchSubmit')}</span>
      </button>
    </Form>
  );
}
