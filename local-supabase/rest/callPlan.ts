import {SchemaCacheError} from './errors';
import type {BodyMedia, RawBodyType} from './apiRequest';
import type {DbFunction, SchemaCache, Table} from './schemaCache';

/** Types a whole JSON value binds to as it is. */
export const JSON_TYPES = new Set(['"pg_catalog"."json"', '"pg_catalog"."jsonb"']);

/** A function's single unnamed json/jsonb parameter receives the whole body. */
export function takesWholeBody(fn: DbFunction): boolean {
  return fn.params.length === 1 && (fn.params[0] as {name: string}).name === '' && JSON_TYPES.has((fn.params[0] as {type: string}).type);
}

const RAW_PARAM_TYPES: Record<RawBodyType, string> = {text: '"pg_catalog"."text"', xml: '"pg_catalog"."xml"', bytea: '"pg_catalog"."bytea"'};

/** A raw body goes whole to a function's single unnamed parameter of its type. */
export function isRawBodyType(media: BodyMedia | null): media is RawBodyType {
  return media !== null && Object.hasOwn(RAW_PARAM_TYPES, media);
}

/**
 * A parameter type as PostgREST's schema cache names it: pg_type's typname (`int4`, `varchar`,
 * `_text` for text[]), not the schema-qualified, quoted form SQL is built with here.
 */
function typeName(type: string): string {
  const match = /^"(?:[^"]|"")*"\."((?:[^"]|"")*)"(\[\])?$/.exec(type);
  if (!match) return type;
  const name = (match[1] as string).replace(/""/g, '"');
  return match[2] ? `_${name}` : name;
}

/**
 * PGRST202 as PostgREST words it: the details say what was searched for, which depends on the
 * arguments and on the body (a JSON POST may also fit a single unnamed json/jsonb parameter).
 */
function noSuchFunction(schema: string, name: string, argNames: string[], body: BodyMedia | null): SchemaCacheError {
  const func = `${schema}.${name}`;
  if (isRawBodyType(body)) {
    return new SchemaCacheError(
      'PGRST202',
      `Could not find the function ${func} in the schema cache`,
      `Searched for the function ${func} with a single unnamed ${body} parameter, but no matches were found in the schema cache.`,
    );
  }
  const sorted = [...argNames].sort();
  const list = sorted.join(', ');
  const named = sorted.length ? `(${list})` : ' without parameters';
  const searched = sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${list}` : ' without parameters';
  const orWholeBody = body === 'json' ? ' or with a single unnamed json/jsonb parameter' : '';
  return new SchemaCacheError(
    'PGRST202',
    `Could not find the function ${func}${named} in the schema cache`,
    `Searched for the function ${func}${searched}${orWholeBody}, but no matches were found in the schema cache.`,
  );
}

/**
 * Picks the overload the request calls, as PostgREST does: for a raw body the one whose single
 * unnamed parameter takes it, else the one whose named parameters fit the given argument names.
 * `body` is what a POST sent (null for GET and HEAD).
 */
export function resolveFunction(cache: SchemaCache, name: string, argNames: string[], body: BodyMedia | null): DbFunction {
  if (isRawBodyType(body)) {
    const type = RAW_PARAM_TYPES[body];
    const fn = (cache.functions.get(name) ?? []).find((candidate) => candidate.params.length === 1 && candidate.params[0]?.name === '' && candidate.params[0].type === type);
    if (fn) return fn;
    throw noSuchFunction(cache.schema, name, argNames, body);
  }
  const candidates = cache.functions.get(name) ?? [];
  const given = new Set(argNames);
  const matches = candidates.filter((fn) => {
    if (takesWholeBody(fn)) return true;
    // A function's single unnamed parameter is bound by the empty name (`{"": 1}`), as PostgREST
    // binds it; among several parameters an unnamed one cannot be named.
    const single = fn.params.length === 1;
    const names = new Set(fn.params.map((p) => p.name).filter((n) => n !== '' || single));
    if (argNames.some((a) => !names.has(a))) return false;
    return fn.params.every((p) => p.hasDefault || ((p.name !== '' || single) && given.has(p.name)));
  });
  // An exact fit on names beats the whole-body form.
  const exact = matches.filter((fn) => !takesWholeBody(fn));
  const chosen = exact.length > 0 ? exact : matches;
  if (chosen.length === 1) return chosen[0] as DbFunction;
  if (chosen.length > 1) {
    throw new SchemaCacheError(
        'PGRST203',
        `Could not choose the best candidate function between: ${chosen
        .map((fn) => `public.${name}(${fn.params.map((p) => `${p.name} => ${typeName(p.type)}`).join(', ')})`)
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  throw noSuchFunction(cache.schema, name, argNames, body);
}

/**
 * A function's result rows viewed as a table, so select/filters/order/limit reuse the read
 * builder. A set of scalars is a one-column table named after the function (as PostgREST filters
 * `?fn=gt.2`); a single scalar has no rows to shape (null).
 */
export function resultTable(cache: SchemaCache, fn: DbFunction): Table | null {
  if (fn.returnsVoid || (!fn.outColumns && !fn.returnsSet)) return null;
  const match = /^"public"\."((?:[^"]|"")+)"$/.exec(fn.returnType);
  const table = fn.outColumns && match ? cache.tables.get((match[1] as string).replace(/""/g, '"')) : undefined;
  if (table) return table;
  const columns = fn.outColumns ?? [{name: fn.name, type: fn.returnType, nullable: true, hasDefault: false, defaultSql: null}];
  return {
    name: fn.name,
    kind: 'view',
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
    primaryKey: [],
    uniqueKeys: [],
    computed: new Map(),
    computedRelations: [],
  };
}
