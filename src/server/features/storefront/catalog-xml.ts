import {
  CUSTOM_ATTRIBUTES,
  IMAGE_VIEW_TYPES,
  SIZE_ATTRIBUTE,
  VARIANT_ATTRIBUTES,
  categoryFor,
  imagePath,
  priceText,
  sizeValue,
  type CustomField,
  type SourcePattern,
  type StorefrontItem,
} from './mapping';
import { XML_DECLARATION, el, escapeXml, wrap } from './xml';

export const CATALOG_NS = 'http://www.demandware.com/xml/impex/catalog/2006-10-31';
export const PRICEBOOK_NS = 'http://www.demandware.com/xml/impex/pricebook/2006-10-31';
const LANG = { 'xml:lang': 'x-default' };

export interface CatalogOptions {
  catalogId: string;
  categoryMap: Record<string, string>;
}

/** Pages of items, read again for each pass (products, then category assignments): nothing is kept between pages. */
export type ItemPages = () => AsyncIterable<StorefrontItem[]>;

const flag = (name: string, on: boolean) => el(name, undefined, on ? 'true' : 'false');

function customAttributes(values: [string, string | null][]): string {
  const present = values.filter(([, v]) => v !== null && v !== '');
  if (!present.length) return '';
  return wrap(
    'custom-attributes',
    undefined,
    present.map(([id, v]) => el('custom-attribute', { 'attribute-id': id }, v)).join(''),
  );
}

/**
 * The product's image groups, always with merge-mode="replace" (catalog.xsd; a MERGE import merges
 * them by default): the groups sent are all the product has, so a removed photo leaves the
 * storefront too, and a product without images loses those it had.
 */
function images(p: SourcePattern): string {
  const groups: string[] = [];
  for (const { kind, viewType, rendition } of IMAGE_VIEW_TYPES) {
    const files = p.images.filter((i) => i.kind === kind);
    if (!files.length) continue;
    const list = files
      .map((f) =>
        wrap('image', { path: imagePath(p.productId, f, rendition) }, el('alt', LANG, p.name)),
      )
      .join('');
    groups.push(wrap('image-group', { 'view-type': viewType }, list));
  }
  return wrap('images', { 'merge-mode': 'replace' }, groups.join(''));
}

function master(p: SourcePattern): string {
  const fields = Object.entries(CUSTOM_ATTRIBUTES).map(
    ([field, id]) => [id, p.fields[field as CustomField]] as [string, string | null],
  );
  const values = [...new Map(p.sizes.map((s) => [sizeValue(p, s), s])).keys()];
  const variations = p.sizes.length
    ? wrap(
        'variations',
        undefined,
        wrap(
          'attributes',
          undefined,
          wrap(
            'variation-attribute',
            { 'attribute-id': SIZE_ATTRIBUTE, 'variation-attribute-id': SIZE_ATTRIBUTE },
            el('display-name', LANG, 'Size') +
              wrap(
                'variation-attribute-values',
                undefined,
                values
                  .map((v) =>
                    wrap('variation-attribute-value', { value: v }, el('display-value', LANG, v)),
                  )
                  .join(''),
              ),
          ),
        ) +
          wrap(
            'variants',
            undefined,
            p.sizes.map((s) => el('variant', { 'product-id': s.variationId })).join(''),
          ),
      )
    : '';
  return wrap(
    'product',
    { 'product-id': p.productId },
    el('display-name', LANG, p.name) +
      (p.details ? el('short-description', LANG, p.details) : '') +
      (p.description ? el('long-description', LANG, p.description) : '') +
      flag('online-flag', true) +
      flag('searchable-flag', true) +
      images(p) +
      el('brand', undefined, p.brandName) +
      customAttributes(fields) +
      variations,
  );
}

function variant(p: SourcePattern, s: SourcePattern['sizes'][number]): string {
  return wrap(
    'product',
    { 'product-id': s.variationId },
    el('display-name', LANG, `${p.name} (${sizeValue(p, s)})`) +
      flag('online-flag', true) +
      flag('searchable-flag', false) +
      el('brand', undefined, p.brandName) +
      customAttributes([
        [SIZE_ATTRIBUTE, sizeValue(p, s)],
        [VARIANT_ATTRIBUTES.view, s.view],
        [VARIANT_ATTRIBUTES.pdfId, s.pdf ? String(s.pdf.fileId) : null],
        [VARIANT_ATTRIBUTES.pdfSha256, s.pdf?.sha256 ?? null],
      ]),
  );
}

const offline = (ids: string[]) =>
  ids.map((id) => wrap('product', { 'product-id': id }, flag('online-flag', false))).join('');

/** The master and its variants, in the mode the item asks (an upsert also takes its dropped variants offline). */
export function productsXml(item: StorefrontItem): string {
  if (item.mode === 'upsert')
    return (
      master(item.pattern) +
      item.pattern.sizes.map((s) => variant(item.pattern, s)).join('') +
      offline(item.dropped ?? [])
    );
  if (item.mode === 'delete')
    return item.productIds
      .map((id) => el('product', { 'product-id': id, mode: 'delete' }))
      .join('');
  return offline(item.productIds);
}

export function categoryAssignmentXml(item: StorefrontItem, map: Record<string, string>): string {
  if (item.mode !== 'upsert') return '';
  const category = categoryFor(item.pattern.fields.Type, map);
  if (!category) return '';
  return el('category-assignment', {
    'category-id': category,
    'product-id': item.pattern.productId,
  });
}

/** catalog.xml, streamed: every product, then (a second pass, as the schema orders them) the category assignments. */
export async function* catalogXml(pages: ItemPages, opts: CatalogOptions): AsyncGenerator<string> {
  yield (
    XML_DECLARATION + `<catalog xmlns="${CATALOG_NS}" catalog-id="${escapeXml(opts.catalogId)}">\n`
  );
  for await (const page of pages()) yield page.map((i) => productsXml(i) + '\n').join('');
  for await (const page of pages())
    yield page
      .map((i) => categoryAssignmentXml(i, opts.categoryMap))
      .filter(Boolean)
      .map((x) => x + '\n')
      .join('');
  yield '</catalog>\n';
}

const removePrices = (ids: string[]) =>
  ids.map((id) => el('price-table', { 'product-id': id, mode: 'delete' })).join('');

/**
 * Each product's price (the master and every variant) in the price book; removed products' tables
 * deleted, and those of the variants an upsert dropped.
 */
export function priceTablesXml(item: StorefrontItem): string {
  if (item.mode !== 'upsert') return item.mode === 'delete' ? removePrices(item.productIds) : '';
  const p = item.pattern;
  const dropped = removePrices(item.dropped ?? []);
  if (p.price === null) return dropped;
  const amount = priceText(p.price);
  return (
    [p.productId, ...p.sizes.map((s) => s.variationId)]
      .map((id) => wrap('price-table', { 'product-id': id }, el('amount', { quantity: 1 }, amount)))
      .join('') + dropped
  );
}

export async function* pricebookXml(
  pages: ItemPages,
  opts: { pricebookId: string; currency: string },
): AsyncGenerator<string> {
  yield (
    XML_DECLARATION +
    `<pricebooks xmlns="${PRICEBOOK_NS}">` +
    wrap('pricebook', undefined, '').slice(0, -'</pricebook>'.length) +
    wrap(
      'header',
      { 'pricebook-id': opts.pricebookId },
      el('currency', undefined, opts.currency) + flag('online-flag', true),
    ) +
    '<price-tables>\n'
  );
  for await (const page of pages())
    yield page
      .map((i) => priceTablesXml(i))
      .filter(Boolean)
      .map((x) => x + '\n')
      .join('');
  yield '</price-tables></pricebook></pricebooks>\n';
}
