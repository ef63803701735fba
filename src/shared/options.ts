/** Option lists of the specification (section 3) and docs/product-decisions.md. Each select starts with a disabled placeholder. */
export interface Option<V extends string = string> {
  id: number;
  name: string;
  value: V | null;
}

function list<V extends string>(placeholder: string, items: [string, V][]): Option<V>[] {
  return [
    { id: 0, name: placeholder, value: null },
    ...items.map(([name, value], i) => ({ id: i + 1, name, value })),
  ];
}

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_OPTIONS = list<Role>('Choose Role', [
  ['Admin', 'admin'],
  ['User', 'user'],
]);

/** The ten brands seeded on first start (name, slug). */
export const SEED_BRANDS: [string, string][] = [
  ['Ditto', 'ditto'],
  ["McCall's", 'mccalls'],
  ['Liesl + Co.', 'Liesl + Co.'],
  ['Kwik Sew', 'kwik-sew'],
  ['Madalynne Intimates', 'madalynne-intimates'],
  ['Little Lizard King Patterns', 'little-lizard-king-patterns'],
  ['Butterick', 'butterick'],
  ['Style Arc', 'style-arc'],
  ['Straight Stitch Society', 'straight-stitch-society'],
  ['Ditto Designer', 'ditto-designer'],
];

export const FABRIC_TYPES = ['Knit', 'Woven', 'Knit/Woven', 'Other'] as const;
export const FABRIC_OPTIONS = list(
  'Choose Fabric',
  FABRIC_TYPES.map((f) => [f, f] as [string, string]),
);

export const PATTERN_TYPES = [
  'Women Patterns',
  'Men Patterns',
  'Kids Patterns',
  'Gender Neutral Patterns',
  'Craft Patterns',
] as const;
export const PATTERN_TYPE_OPTIONS = list(
  'Choose Pattern Type',
  PATTERN_TYPES.map((t) => [t, t] as [string, string]),
);

export const GENDERS = [
  'Women',
  'Men',
  'Kids',
  'Boys',
  'Girls',
  'Gender Neutral Kids',
  'Gender Neutral Adults',
] as const;
export const GENDER_OPTIONS = list(
  'Choose Gender',
  GENDERS.map((g) => [g, g] as [string, string]),
);

export const YES_NO = ['Yes', 'No'] as const;
export const PRINTABLE_OPTIONS = list(
  'Choose Printable',
  YES_NO.map((v) => [v, v] as [string, string]),
);
export const SUBSCRIBABLE_OPTIONS = list(
  'Choose Subscribable',
  YES_NO.map((v) => [v, v] as [string, string]),
);

export const COUNTRIES = ['US', 'CA', 'EU'] as const;
export const COUNTRY_OPTIONS = list(
  'Choose Country',
  COUNTRIES.map((c) => [c, c] as [string, string]),
);

export const PATTERN_STATUSES = ['draft', 'in_review', 'changes_requested', 'published'] as const;
export type PatternStatus = (typeof PATTERN_STATUSES)[number];
export const STATUS_LABELS: Record<PatternStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  published: 'Published',
};

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
