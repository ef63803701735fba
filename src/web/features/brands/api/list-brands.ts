import type { Brand } from '../../../../shared/contracts/brands';
import type { Option } from '../../../../shared/options';

// The list itself is lib/brand-list.ts (one query and key for the whole app); this shapes it for a dropdown.

/** Dropdown options (value = the brand's id as text) after the disabled placeholder. */
export function brandOptions(
  brands: Brand[] | undefined,
  placeholder = 'Choose Brand',
  extra: Option[] = [],
): Option[] {
  return [
    { id: 0, name: placeholder, value: null },
    ...extra.map((o, i) => ({ ...o, id: i + 1 })),
    ...(brands ?? []).map((b, i) => ({
      id: extra.length + i + 1,
      name: b.name,
      value: String(b.id),
    })),
  ];
}
