import {JSON_TYPES} from './callPlan';
import type {DbFunction} from './schemaCache';
import {arrayLiteral, ident, type Params} from './sql';

/** Argument value as text for a `$n::text::type` cast: JSON arrays become Postgres arrays for array params. */
function argText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && type.endsWith('[]')) {
    return arrayLiteral(value.map((v) => (v === null ? null : typeof v === 'string' ? v : JSON.stringify(v))));
  }
  return JSON.stringify(value);
}

/**
 * One argument as SQL. A JSON object for a parameter of a composite (row) type fills the row by
 * field name, as PostgREST's json_to_record does; other values are cast from their text.
 */
function argSql(value: unknown, type: string, params: Params): string {
  // Built-in types are never rows: an object for one is its JSON text, cast (PostgREST's json_to_record reads it so).
  const builtIn = type.startsWith('"pg_catalog".');
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !JSON_TYPES.has(type) && !builtIn) {
    return `json_populate_record(null::${type}, ${params.text(JSON.stringify(value))}::json)`;
  }
  return `${params.text(argText(value, type))}::${type}`;
}

/** `"public"."fn"("a" := $1::text::int4, …)`, or `"public"."fn"($1::json)` for a whole body. */
export function callSql(fn: DbFunction, args: Record<string, unknown>, wholeBody: string | null, params: Params): string {
  if (wholeBody !== null) {
    const type = (fn.params[0] as {type: string}).type;
    return `"public".${ident(fn.name)}(${params.text(wholeBody)}::${type})`;
  }
  const list = fn.params
    .filter((p) => Object.hasOwn(args, p.name))
    // An unnamed parameter (a function's only one) is passed by position.
    .map((p) => `${p.name === '' ? '' : `${ident(p.name)} := `}${argSql(args[p.name], p.type, params)}`);
  return `"public".${ident(fn.name)}(${list.join(', ')})`;
}
