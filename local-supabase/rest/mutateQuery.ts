import {ApiRequestError, invalidBody, unknownPayloadColumn} from './errors';
import type {Preferences} from './preferences';
import type {ParsedQuery} from './queryParams';
import type {ReadNode} from './readPlan';
import {filterSql} from './readQuery';
import type {Table} from './schemaCache';
import {ident, type Params} from './sql';

/** The CTE a write's read-back selects from. */
export const MUTATION = 'pgrst_mutation';

/** The columns a payload writes: `?columns=` if given, else the body's keys (identical across rows). */
export function payloadColumns(table: Table, body: Record<string, unknown> | Record<string, unknown>[], query: ParsedQuery): string[] {
  let columns: string[];
  if (query.columns) columns = query.columns;
  else if (Array.isArray(body)) {
    const first = body[0] ? Object.keys(body[0]) : [];
    const signature = [...first].sort().join('\0');
    for (const row of body) {
      if (Object.keys(row).sort().join('\0') !== signature) throw invalidBody('All object keys must match');
    }
    columns = first;
  } else columns = Object.keys(body);
  for (const c of columns) if (!table.columnsByName.has(c)) throw unknownPayloadColumn(table.name, c);
  return columns;
}

function rowType(table: Table): string {
  return `null::"public".${ident(table.name)}`;
}

export function insertSql(table: Table, columns: string[], query: ParsedQuery, prefs: Preferences, bodyParam: string, upsert: boolean): string {
  const t = `"public".${ident(table.name)} as ${ident(table.name)}`;
  const returning = `returning ${ident(table.name)}.*${upsert ? ', (xmax = 0) as "pgrst_inserted"' : ''}`;
  if (columns.length === 0) {
    return `insert into ${t} default values ${returning}`;
  }
  const cols = columns.map(ident).join(', ');
  const rows = `json_array_elements(case when json_typeof(${bodyParam}::json) = 'array' then ${bodyParam}::json else json_build_array(${bodyParam}::json) end) as _j(j)`;
  // missing=default evaluates every inserted column's default for every row, then lets the row's
  // own keys win, as PostgREST's `jsonb_build_object(<defaults>) || row` does: a row that gives its
  // id still draws one from the sequence. The lateral refers to the row so it runs once per row.
  const withDefaults = prefs.missing === 'default';
  // Cast to the column's type: in its own select a default like `'0'` would otherwise be text.
  const defaults = columns
    .map((c, i) => {
      const col = table.columnsByName.get(c);
      return `(${col?.defaultSql ?? 'null'})::${col?.type ?? '"pg_catalog"."text"'} as d${i}`;
    })
    .join(', ');
  const values = columns
    .map((c, i) => (withDefaults ? `case when (_j.j::jsonb) ? ${quoteLiteral(c)} then _r.${ident(c)} else _d.d${i} end` : `_r.${ident(c)}`))
    .join(', ');
  const defaultsJoin = withDefaults ? `, lateral (select ${defaults} where _j.j is not null) as _d` : '';
  let sql = `insert into ${t} (${cols}) select ${values} from ${rows}, lateral json_populate_record(${rowType(table)}, _j.j) as _r${defaultsJoin}`;
  if (upsert) {
    const target = query.onConflict ?? table.primaryKey;
    for (const c of target) if (!table.columnsByName.has(c)) throw unknownPayloadColumn(table.name, c);
    if (target.length === 0) throw new ApiRequestError('PGRST100', 'Upsert needs on_conflict or a primary key');
    if (prefs.resolution === 'ignore-duplicates') sql += ` on conflict (${target.map(ident).join(', ')}) do nothing`;
    else sql += ` on conflict (${target.map(ident).join(', ')}) do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  }
  return `${sql} ${returning}`;
}

function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function updateSql(table: Table, columns: string[], root: ReadNode, params: Params, bodyParam: string): string {
  const alias = ident(table.name);
  const set = columns.map((c) => `${ident(c)} = _b.${ident(c)}`).join(', ');
  const where = filtersOf(root, params);
  return `update "public".${ident(table.name)} as ${alias} set ${set} from json_populate_record(${rowType(table)}, ${bodyParam}::json) as _b${where} returning ${alias}.*`;
}

export function deleteSql(table: Table, root: ReadNode, params: Params): string {
  const alias = ident(table.name);
  return `delete from "public".${ident(table.name)} as ${alias}${filtersOf(root, params)} returning ${alias}.*`;
}

function filtersOf(root: ReadNode, params: Params): string {
  const where = filterSql(root, params);
  return where.length ? ` where ${where.join(' and ')}` : '';
}
