import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A route's response serializer compiled by fast-json-stringify (what Fastify does for JSON
 * Schema) from the JSON Schema of its zod schema, for the hot read of My Patterns: the zod
 * serializer (app.ts) checks every answer against the schema and then `JSON.stringify`s it, about
 * 28 µs for a page of 25 rows against 10 for this (issue 15). It writes only the schema's
 * properties, as the schema types them; it does not check values against the schema, so it is
 * for answers the route builds field by field from the database (list.service.ts `toListRow`).
 *
 * A nullable field comes out of zod as `anyOf: [X, {type: 'null'}]`, which fast-json-stringify
 * serializes by validating each value against every branch (ajv): such a pair is folded into
 * `X` with `type: [X's type, 'null']`. Any other `anyOf`, `oneOf` or `$ref` is refused when the
 * route is compiled (at start-up), so a schema change cannot slow the route silently.
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }) {
  if (!(schema instanceof z.ZodType))
    throw new TypeError('fastSerializerCompiler takes a zod schema');
  const json = foldNullable(
    z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }),
  );
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

function foldNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldNullable);
  if (node === null || typeof node !== 'object') return node;
  const { anyOf, ...rest } = node as JsonSchema;
  if ('oneOf' in rest || '$ref' in rest || 'allOf' in rest)
    throw new TypeError(`fastSerializerCompiler cannot serialize fast: ${JSON.stringify(node)}`);
  const folded = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, k === 'enum' || k === 'const' ? v : foldNullable(v)]),
  );
  if (anyOf === undefined) return folded;
  const branches = anyOf as JsonSchema[];
  const value = branches.filter((b) => b.type !== 'null');
  const only = value[0];
  if (branches.length !== 2 || value.length !== 1 || typeof only?.type !== 'string')
    throw new TypeError(`fastSerializerCompiler cannot serialize fast: ${JSON.stringify(node)}`);
  return { ...folded, ...(foldNullable(only) as JsonSchema), type: [only.type, 'null'] };
}
