/**
 * A minimal streaming XML writer: each product is written as one string and handed on, so no
 * document is ever held whole. Text and attributes are escaped here, and characters XML 1.0 cannot
 * carry (control characters other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF) are
 * dropped, since a single one makes Salesforce refuse the whole file.
 */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
};

export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"'\r]/g, (c) => ESCAPES[c]!);
}

type Attrs = Record<string, string | number | boolean | null | undefined>;

function attrs(a: Attrs | undefined): string {
  if (!a) return '';
  let out = '';
  for (const [k, v] of Object.entries(a))
    if (v !== null && v !== undefined) out += ` ${k}="${escapeXml(String(v))}"`;
  return out;
}

/** `<name attrs>text</name>`, or `<name attrs/>` without text. */
export function el(name: string, a?: Attrs, text?: string | null): string {
  if (text === undefined || text === null) return `<${name}${attrs(a)}/>`;
  return `<${name}${attrs(a)}>${escapeXml(text)}</${name}>`;
}

/** `<name attrs>children</name>`; children are already-written XML. */
export function wrap(name: string, a: Attrs | undefined, children: string): string {
  return `<${name}${attrs(a)}>${children}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
