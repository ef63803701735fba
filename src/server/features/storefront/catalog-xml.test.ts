import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sfccSchemas, validateXml } from '../../test/sfcc-schemas';
import { runsIn, skipReason } from '../../test/skip';
import { dbKind } from '../../test/helper';
import { catalogXml, pricebookXml, type ItemPages } from './catalog-xml';
import type { SourcePattern, StorefrontItem } from './mapping';

const { dir, reason } = sfccSchemas();

const pattern = (n: number, over: Partial<SourcePattern> = {}): SourcePattern => ({
  ID: n,
  productId: `M${n}`,
  name: `Wrap dress <${n}> & "friends" \u0001`,
  brandName: 'McCall’s',
  description: 'Long\r\ndescription with ]]> and <b>markup</b>',
  details: 'Short & sweet',
  price: '12.50',
  fields: {
    Type: 'Dress',
    Gender: 'Female',
    Fabric_type: 'Woven',
    Notion: null,
    Is_Printable: 'Yes',
    is_Subscribable: 'No',
    Suitable_For: 'Beginners',
    Pattern_Fit: 'Loose',
    Fabric_Recommendation: 'Linen',
  },
  sizes: ['XS', 'S', 'M'].map((size, i) => ({
    variationId: `M${n}-${size}`,
    view: 'A',
    size,
    pdf: i === 0 ? { fileId: 100 + n, sha256: 'a'.repeat(64) } : null,
  })),
  images: [
    { fileId: 7, kind: 'Main_Hero_Image', storageKey: 'k7', ext: 'jpg' },
    { fileId: 8, kind: 'Hero_Images', storageKey: 'k8', ext: 'jpg' },
    { fileId: 9, kind: 'Size_Chart', storageKey: 'k9', ext: 'jpg' },
    { fileId: 10, kind: 'Sketch_Image', storageKey: 'k10', ext: 'jpg' },
  ],
  ...over,
});

const items: StorefrontItem[] = [
  { mode: 'upsert', pattern: pattern(1) },
  {
    mode: 'upsert',
    pattern: pattern(2, { price: null, description: null, details: null, images: [] }),
  },
  { mode: 'upsert', pattern: pattern(3, { sizes: [] }), dropped: ['M3-XL'] },
  { mode: 'offline', productIds: ['M4', 'M4-S', 'M4-M'] },
  { mode: 'delete', productIds: ['M5', 'M5-S'] },
];
const pages: ItemPages = async function* () {
  yield items.slice(0, 2);
  yield items.slice(2);
};

async function text(chunks: AsyncIterable<string>) {
  let s = '';
  for await (const c of chunks) s += c;
  return s;
}

describe.skipIf(!dir || dbKind !== 'pglite')(
  `storefront XML against Salesforce's schemas${skipReason(reason)}${runsIn('api-pglite', dbKind === 'pglite')}`,
  () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sfcc-xml-'));

    it('writes a catalog that catalog.xsd accepts: masters, variants on `size`, images, custom attributes, categories, offline and delete', async () => {
      const xml = await text(
        catalogXml(pages, { catalogId: 'ppp-catalog', categoryMap: { Dress: 'womens-dresses' } }),
      );
      const file = path.join(tmp, 'catalog.xml');
      fs.writeFileSync(file, xml);
      expect(await validateXml(dir!, 'catalog.xsd', file)).toBeNull();
      expect(xml).toContain('<product product-id="M1">');
      expect(xml).toContain(
        '<variation-attribute attribute-id="size" variation-attribute-id="size">',
      );
      expect(xml).toContain('<variant product-id="M1-XS"/>');
      expect(xml).toContain('<custom-attribute attribute-id="size">XS</custom-attribute>');
      expect(xml).toContain(
        '<custom-attribute attribute-id="pppPatternPdfSha256">' + 'a'.repeat(64),
      );
      expect(xml).toContain('<custom-attribute attribute-id="pppPatternPdfId">101<');
      expect(xml).toContain('<image-group view-type="sizechart">');
      // Image groups replace what the product had (a MERGE import merges them otherwise).
      expect(xml).toContain('<images merge-mode="replace"><image-group view-type="large">');
      expect(xml).toContain('<image path="images/M1/7.jpg">');
      expect(xml).toContain('<image path="images/M1/7-small.webp">');
      // A size dropped by this version: taken offline in the same archive.
      expect(xml).toContain(
        '<product product-id="M3-XL"><online-flag>false</online-flag></product>',
      );
      expect(xml).toContain('<category-assignment category-id="womens-dresses" product-id="M1"/>');
      expect(xml).toContain('Wrap dress &lt;1&gt; &amp; &quot;friends&quot; </display-name>');
      expect(xml).toContain('<product product-id="M4"><online-flag>false</online-flag></product>');
      expect(xml).toContain('<product product-id="M5-S" mode="delete"/>');
    });

    it('writes a price book that pricebook.xsd accepts, one price-table per product in the currency', async () => {
      const xml = await text(pricebookXml(pages, { pricebookId: 'ppp-usd', currency: 'USD' }));
      const file = path.join(tmp, 'pricebook.xml');
      fs.writeFileSync(file, xml);
      expect(await validateXml(dir!, 'pricebook.xsd', file)).toBeNull();
      expect(xml).toContain('<currency>USD</currency>');
      expect(xml).toContain(
        '<price-table product-id="M1-S"><amount quantity="1">12.50</amount></price-table>',
      );
      expect(xml).not.toContain('product-id="M2"'); // no price, no table
      expect(xml).toContain('<price-table product-id="M5" mode="delete"/>');
      expect(xml).toContain('<price-table product-id="M3-XL" mode="delete"/>');
    });

    it('the validator really rejects a wrong file (the check is not vacuous)', async () => {
      const file = path.join(tmp, 'bad.xml');
      fs.writeFileSync(
        file,
        `<?xml version="1.0"?><catalog xmlns="http://www.demandware.com/xml/impex/catalog/2006-10-31" catalog-id="c"><product product-id="x"><brand>b</brand><display-name>late</display-name></product></catalog>`,
      );
      expect(await validateXml(dir!, 'catalog.xsd', file)).toMatch(/display-name/);
    });
  },
);
