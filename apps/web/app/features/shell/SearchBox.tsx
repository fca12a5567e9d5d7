import { SearchSuggest } from '../catalog/components/SearchSuggest';

/** The header's search: a plain GET form to /search, with recent searches and suggestions once hydrated. */
export function SearchBox({ className = '' }: { className?: string }) {
  return <SearchSuggest className={className} />;
}
