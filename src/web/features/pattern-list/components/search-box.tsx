import { useContext, useEffect, useId, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigation } from 'react-router';
import { SEARCH_MAX } from '../../../../shared/contracts/pattern-list-query';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The search in the URL. */
  value: string;
  /** `refine` is true while the user keeps typing into a search already applied (no new history entry). */
  onSearch(term: string, refine: boolean): void;
}

/** Search as you type: applied 300 ms after the last key (Enter applies at once). */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A pattern clicked while its screen loads keeps this list mounted: a search still due must not
  // pull the user back. The router's own state is read when the search is due, not the state of the
  // last render: the router shows a navigation in a transition, which a slow device may not have
  // rendered yet when the timer fires (the search then cancelled the click's navigation).
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leavingRendered = useRef(false);
  leavingRendered.current =
    navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const leaving = () => {
    const live = dataRouter?.router.state;
    if (!live) return leavingRendered.current;
    return (
      live.location.pathname !== pathname ||
      (live.navigation.state !== 'idle' && live.navigation.location.pathname !== pathname)
    );
  };

  // The URL changed by itself (back button, a link, "Clear filters"): show its search.
  useEffect(() => {
    if (value !== sent.current) {
      clearTimeout(timer.current); // a search still being typed must not undo "Clear filters"
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (term: string) => {
    clearTimeout(timer.current);
    if (leaving()) return;
    const trimmed = term.trim();
    if (trimmed === sent.current) return;
    const refine = sent.current !== '' && trimmed !== '';
    sent.current = trimmed;
    onSearch(trimmed, refine);
  };
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), SEARCH_DEBOUNCE_MS);
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        Search
      </label>
      <div className="relative">
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 fill-gray-500"
        >
          <path d="M8.5 3a5.5 5.5 0 0 1 4.4 8.8l3.7 3.7-1.1 1.1-3.7-3.7A5.5 5.5 0 1 1 8.5 3zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8z" />
        </svg>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          placeholder="Pattern ID or name"
          autoComplete="off"
          onChange={(e) => change(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply(text);
          }}
          className="w-full rounded-md border border-gray-300 bg-white py-2 pr-3 pl-8 text-sm shadow-sm"
        />
      </div>
    </div>
  );
}
