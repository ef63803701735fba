import { useEffect, useState } from 'react';
import { ROLE_OPTIONS, type Option } from '../../../../shared/options';
import { TextField } from '../../../components/text-field';
import { Dropdown } from '../../../components/dropdown';
import { Button } from '../../../components/button';

export interface UserFilterValues {
  search: string;
  brandId: string | null;
  role: string | null;
}
export const NO_FILTER: UserFilterValues = { search: '', brandId: null, role: null };
/** The "All …" choice of a filter dropdown; the id-0 placeholder cannot be chosen again. */
export const ALL = 'all';

const ROLE_FILTER_OPTIONS: Option[] = [
  { id: 0, name: 'Filter by role', value: null },
  { id: 1, name: 'All roles', value: ALL },
  ...ROLE_OPTIONS.slice(1).map((o, i) => ({ ...o, id: i + 2 })),
];

interface Props {
  value: UserFilterValues;
  onChange(value: UserFilterValues): void;
  brandOptions: Option[];
}

/** Search by name or e-mail (sent 300 ms after typing stops), brand and role. */
export function UsersFilters({ value, onChange, brandOptions }: Props) {
  const [text, setText] = useState(value.search);
  useEffect(() => setText(value.search), [value.search]);
  useEffect(() => {
    if (text === value.search) return;
    const timer = setTimeout(() => onChange({ ...value, search: text }), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  const filtered =
    value.search !== '' ||
    (value.brandId && value.brandId !== ALL) ||
    (value.role && value.role !== ALL);
  return (
    <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end">
      <TextField
        label="Search users"
        type="search"
        placeholder="Name or email"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Dropdown
        label="Brand"
        name="brandFilter"
        options={brandOptions}
        value={value.brandId}
        onChange={(v) => onChange({ ...value, brandId: v })}
      />
      <Dropdown
        label="Role"
        name="roleFilter"
        options={ROLE_FILTER_OPTIONS}
        value={value.role}
        onChange={(v) => onChange({ ...value, role: v })}
      />
      <Button variant="secondary" disabled={!filtered} onClick={() => onChange(NO_FILTER)}>
        Clear filters
      </Button>
    </div>
  );
}
