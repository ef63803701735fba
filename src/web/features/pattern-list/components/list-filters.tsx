import type { ComponentType } from 'react';
import type { Option } from '../../../../shared/options';
import {
  FABRIC_TYPES,
  PATTERN_STATUSES,
  PATTERN_TYPES,
  STATUS_LABELS,
  YES_NO,
} from '../../../../shared/options';
import type { PatternFilter } from '../../../../shared/contracts/pattern-list';
import type { Brand } from '../../../../shared/contracts/brands';
import type { FilterPatch } from '../hooks/use-list-params';

/** A filter's options: the shared dropdown's disabled placeholder, then "All …" (value '') to clear it. */
function filterOptions(label: string, all: string, items: [string, string][]): Option[] {
  return [
    { id: 0, name: label, value: null },
    { id: 1, name: all, value: '' },
    ...items.map(([name, value], i) => ({ id: i + 2, name, value })),
  ];
}

const STATUS = filterOptions(
  'Status',
  'All statuses',
  PATTERN_STATUSES.map((s) => [STATUS_LABELS[s], s]),
);
const TYPE = filterOptions(
  'Pattern Type',
  'All types',
  PATTERN_TYPES.map((t) => [t, t]),
);
const FABRIC = filterOptions(
  'Fabric',
  'All fabrics',
  FABRIC_TYPES.map((f) => [f, f]),
);
const PRINTABLE = filterOptions(
  'Printable',
  'Printable or not',
  YES_NO.map((v) => [v, v]),
);

/** What a filter needs of the shared dropdown (components/dropdown.tsx). */
export interface FilterSelectProps {
  label: string;
  name: string;
  options: Option[];
  value: string;
  onChange(value: string | null): void;
}

export interface ListFiltersProps {
  filter: PatternFilter;
  onChange(patch: FilterPatch): void;
  /** Admins only: the brands to filter by. */
  brands?: Brand[];
}

/**
 * The filters, drawn with `Dropdown`: the shared dropdown (list-filters-live.tsx, its own chunk:
 * Headless UI and its positioning stay out of the list's first load), or its closed look while
 * that chunk arrives (filter-placeholder.tsx), so the row of filters does not move or change.
 */
export function ListFilters({
  filter,
  onChange,
  brands,
  Dropdown,
}: ListFiltersProps & { Dropdown: ComponentType<FilterSelectProps> }) {
  const set = (key: keyof FilterPatch) => (v: string | null) =>
    onChange({ [key]: v || undefined } as FilterPatch);
  return (
    <>
      {brands && (
        <Dropdown
          label="Brand"
          name="brand"
          options={filterOptions(
            'Brand',
            'All brands',
            brands.map((b) => [b.name, String(b.id)]),
          )}
          value={filter.brand === undefined ? '' : String(filter.brand)}
          onChange={(v) => onChange({ brand: v ? Number(v) : undefined })}
        />
      )}
      <Dropdown
        label="Status"
        name="status"
        options={STATUS}
        value={filter.status ?? ''}
        onChange={set('status')}
      />
      <Dropdown
        label="Pattern Type"
        name="type"
        options={TYPE}
        value={filter.type ?? ''}
        onChange={set('type')}
      />
      <Dropdown
        label="Fabric"
        name="fabric"
        options={FABRIC}
        value={filter.fabric ?? ''}
        onChange={set('fabric')}
      />
      <Dropdown
        label="Printable"
        name="printable"
        options={PRINTABLE}
        value={filter.printable ?? ''}
        onChange={set('printable')}
      />
    </>
  );
}
