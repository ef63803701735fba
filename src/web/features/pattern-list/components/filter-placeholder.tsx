import { ListFilters, type FilterSelectProps, type ListFiltersProps } from './list-filters';

/**
 * A filter as the shared dropdown (components/dropdown.tsx) draws it closed, same classes, same
 * text: shown for the moment its chunk takes to arrive, disabled (a click would do nothing yet).
 */
function ClosedDropdown({ label, options, value }: FilterSelectProps) {
  const selected = options.find((o) => o.value !== null && o.value === value) ?? options[0]!;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-gray-800">{label}</span>
      <div className="relative">
        <button
          type="button"
          disabled
          aria-label={`${label}: ${selected.name}`}
          className="flex w-full items-center justify-between rounded-md border border-gray-300 bg-white px-3 py-2 text-left text-sm shadow-sm"
        >
          <span className={selected.value === null ? 'text-gray-500' : ''}>{selected.name}</span>
          <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-gray-500">
            <path d="M5.5 7.5 10 12l4.5-4.5z" />
          </svg>
        </button>
      </div>
    </div>
  );
}

/** The filters' closed look while the working ones load. */
export function FiltersPlaceholder(props: ListFiltersProps) {
  return <ListFilters {...props} Dropdown={ClosedDropdown} />;
}
