import { Dropdown } from '../../../components/dropdown';
import { ListFilters, type ListFiltersProps } from './list-filters';

/** The working filters (loaded after the list's own chunk: see list-filters.tsx). */
export function LiveListFilters(props: ListFiltersProps) {
  return <ListFilters {...props} Dropdown={Dropdown} />;
}
