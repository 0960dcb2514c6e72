/**
 * The state behind a section's {@link ListFilters}: what is typed in the search box and whether
 * the inactive ones show too (off at first).
 */
import { useState } from 'react';

/** The two values a section's live query depends on, and `bind`, spread into `<ListFilters>`. */
export function useListFilters(): {
  query: string;
  showInactive: boolean;
  bind: {
    query: string;
    onQuery: (query: string) => void;
    showInactive: boolean;
    onShowInactive: (show: boolean) => void;
  };
} {
  const [query, setQuery] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  return {
    query,
    showInactive,
    bind: { query, onQuery: setQuery, showInactive, onShowInactive: setShowInactive },
  };
}
