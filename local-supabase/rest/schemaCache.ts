import type {Queryable} from '../db/database';
import {PgError} from './errors';

export interface Column {
  name: string;
  /** Schema-qualified, quoted type usable in a cast (`"pg_catalog"."uuid"`, `"pg_catalog"."text"[]`). */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  /** The column default as SQL, for `Prefer: missing=default`. */
  defaultSql: string | null;
  /** A computed field: the function (taking the table's row) whose result this column is. */
  computedBy?: string;
}

export interface Table {
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  columnsByName: Map<string, Column>;
  primaryKey: string[];
  /** Column sets that are unique (PK included): a foreign key over one is one-to-one. */
  uniqueKeys: string[][];
  /** Computed fields: scalar functions taking this table's row, selectable and filterable by name. */
  computed: Map<string, Column>;
  /** Computed relationships: functions taking this table's row and returning rows of a table. */
  computedRelations: DbFunction[];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionParam {
  name: string;
  type: string;
  /** Parameters from the first defaulted one on may be omitted. */
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  params: FunctionParam[];
  /** Scalar return type (quoted), or null for composite/table returns. */
  returnType: string;
  returnsSet: boolean;
  returnsVoid: boolean;
  /** Composite/table results: the output columns (used for filters on the result). */
  outColumns: Column[] | null;
  volatile: boolean;
  variadic: boolean;
  /** The planner's row estimate (`rows 1` makes a computed relationship to-one). */
  rows: number;
}

export interface SchemaCache {
  /** The exposed schema these tables and functions are in (what errors name them by). */
  schema: string;
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
  /** Roles a JWT may name (those granted to `authenticator`, as PostgREST would be able to SET). */
  allowedRoles: Set<string>;
  /** Type names a `select` cast may use (lower case) → the qualified, quoted type. */
  types: Map<string, string>;
  /** Each role's `statement_timeout` in ms from `alter role … set` (PostgREST's impersonated role settings). */
  statementTimeouts: Map<string, number>;
  /** PostgREST's in-database settings (`alter role authenticator set pgrst.<name> = …`), by name without the prefix. */
  settings: Map<string, string>;
}

// Types are qualified and quoted in SQL so casts mean the same whatever search_path a request sets.
// Always quoted (quote_ident leaves `pg_catalog.text` bare), so one type has one spelling that
// the builders can compare with ("pg_catalog"."tsvector", "public"."<table>").
const quoted = (name: string) => `'"' || replace(${name}, '"', '""') || '"'`;
const TYPE_SQL = `
  case when t.typcategory = 'A' and et.oid is not null
    then ${quoted('en.nspname')} || '.' || ${quoted('et.typname')} || '[]'
    else ${quoted('tn.nspname')} || '.' || ${quoted('t.typname')} end`;

const TABLES_SQL = `
select c.relname as table, case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind,
  coalesce((select json_agg(json_build_object(
      'name', a.attname, 'type', ${TYPE_SQL}, 'nullable', not a.attnotnull,
      'hasDefault', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '',
      'defaultSql', coalesce(pg_get_expr(d.adbin, d.adrelid), case when a.attidentity <> '' then
        format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)) end))
      order by a.attnum)
    from pg_attribute a
    join pg_type t on t.oid = a.atttypid
    join pg_namespace tn on tn.oid = t.typnamespace
    left join pg_type et on et.oid = t.typelem
    left join pg_namespace en on en.oid = et.typnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns,
  coalesce((select json_agg((select json_agg(a.attname order by k.ord)
      from unnest(con.conkey) with ordinality k(attnum, ord)
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) order by con.contype)
    from pg_constraint con where con.conrelid = c.oid and con.contype in ('p', 'u')), '[]')::text as uniques,
  coalesce((select json_agg(a.attname order by k.ord)
    from pg_constraint con, unnest(con.conkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attnum = k.attnum
    where con.conrelid = c.oid and con.contype = 'p' and a.attrelid = c.oid), '[]')::text as pk
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')`;

const FKS_SQL = `
select con.conname as name, c.relname as table, rc.relname as ref_table,
  (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum)::text as columns,
  (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)::text as ref_columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.prorows as rows, p.provolatile = 'v' as volatile,
  p.provariadic <> 0 as variadic, p.pronargs as nargs, p.pronargdefaults as ndefaults,
  rt.typname = 'void' and rtn.nspname = 'pg_catalog' as returns_void,
  (select ${TYPE_SQL} from pg_type t join pg_namespace tn on tn.oid = t.typnamespace
     left join pg_type et on et.oid = t.typelem left join pg_namespace en on en.oid = et.typnamespace
     where t.oid = p.prorettype) as return_type,
  coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[i], ''), 'type',
      (select ${TYPE_SQL} from pg_type t join pg_namespace tn on tn.oid = t.typnamespace
        left join pg_type et on et.oid = t.typelem left join pg_namespace en on en.oid = et.typnamespace
        where t.oid = coalesce(p.proallargtypes[i], p.proargtypes[i - 1])),
      'mode', coalesce(p.proargmodes[i], 'i')) order by i)
    from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) as i), '[]')::text as args,
  case when rt.typrelid <> 0 then
    (select json_agg(json_build_object('name', a.attname, 'type',
        (select ${TYPE_SQL} from pg_type t join pg_namespace tn on tn.oid = t.typnamespace
          left join pg_type et on et.oid = t.typelem left join pg_namespace en on en.oid = et.typnamespace
          where t.oid = a.atttypid)) order by a.attnum)
      from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped)::text
  end as composite_columns
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype join pg_namespace rtn on rtn.oid = rt.typnamespace
where n.nspname = 'public' and p.prokind = 'f'`;

const ROLES_SQL = `
select r.rolname from pg_roles r
where r.rolname in ('anon', 'authenticated', 'service_role')
   or (exists (select 1 from pg_roles a where a.rolname = 'authenticator') and pg_has_role('authenticator', r.oid, 'member')
       and r.rolname <> 'authenticator')`;

// Role-level settings for this database or all databases; the database-specific one wins.
// The authenticator's pgrst.* settings, this database's overriding the server-wide ones.
const PGRST_SETTINGS_SQL = `
select substr(split_part(c, '=', 1), 7) as name, substr(c, strpos(c, '=') + 1) as value
from pg_db_role_setting s cross join unnest(s.setconfig) as c
where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
  and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and c like 'pgrst.%'
order by s.setdatabase <> 0`;

const ROLE_TIMEOUTS_SQL = `
select r.rolname, (select split_part(c, '=', 2) from unnest(s.setconfig) as c
                   where split_part(c, '=', 1) = 'statement_timeout') as value,
       s.setdatabase <> 0 as specific
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
order by specific`;

// Types a cast can name, in search_path order (pg_catalog first, as Postgres resolves them).
const TYPES_SQL = `
select t.typname as name, ${quoted('n.nspname')} || '.' || ${quoted('t.typname')} as sql
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where n.nspname in ('pg_catalog', 'public', 'extensions') and t.typtype in ('b', 'd', 'e', 'r', 'm')
  and t.typisdefined and left(t.typname, 1) <> '_'
order by case n.nspname when 'pg_catalog' then 0 when 'public' then 1 else 2 end`;

// SQL's keyword spellings of built-in types, which pg_type knows under their internal names.
const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  dec: 'numeric',
  char: 'bpchar',
  character: 'bpchar',
};

/** The SQL for a cast to `name` (optionally `name[]`), or a 42704 error like Postgres' own. */
export function castType(cache: SchemaCache, name: string): string {
  const array = name.endsWith('[]');
  const base = (array ? name.slice(0, -2) : name).toLowerCase();
  const sql = cache.types.get(TYPE_ALIASES[base] ?? base);
  if (!sql) throw new PgError(400, '42704', `type "${base}" does not exist`);
  return array ? `${sql}[]` : sql;
}

/** A GUC duration (`3s`, `8000`, `1min`) in ms; plain numbers are ms, as for statement_timeout. */
function durationMs(value: string): number | null {
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value);
  if (!match) return null;
  const factor = {us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000}[match[2] ?? 'ms'] as number;
  return Number(match[1]) * factor;
}

interface RawColumn {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  defaultSql: string | null;
}

export async function loadSchemaCache(db: Queryable): Promise<SchemaCache> {
  const [tables, fks, fns, roles, types, timeouts, settings] = [
    await db.query<{table: string; kind: 'table' | 'view'; columns: string; uniques: string; pk: string}>(TABLES_SQL),
    await db.query<{name: string; table: string; ref_table: string; columns: string; ref_columns: string}>(FKS_SQL),
    await db.query<{
      name: string;
      returns_set: boolean;
      rows: number;
      volatile: boolean;
      variadic: boolean;
      nargs: number;
      ndefaults: number;
      returns_void: boolean;
      return_type: string;
      args: string;
      composite_columns: string | null;
    }>(FUNCTIONS_SQL),
    await db.query<{rolname: string}>(ROLES_SQL),
    await db.query<{name: string; sql: string}>(TYPES_SQL),
    await db.query<{rolname: string; value: string | null}>(ROLE_TIMEOUTS_SQL),
    await db.query<{name: string; value: string}>(PGRST_SETTINGS_SQL),
  ];
  const cache: SchemaCache = {
    schema: 'public',
    tables: new Map(),
    foreignKeys: [],
    functions: new Map(),
    allowedRoles: new Set(),
    types: new Map(),
    statementTimeouts: new Map(),
    settings: new Map(settings.rows.map((row) => [row.name, row.value])),
  };
  for (const row of timeouts.rows) {
    const ms = row.value === null ? null : durationMs(row.value);
    if (ms !== null) cache.statementTimeouts.set(row.rolname, ms);
  }
  for (const row of types.rows) if (!cache.types.has(row.name)) cache.types.set(row.name, row.sql);
  for (const row of tables.rows) {
    const columns = (JSON.parse(row.columns) as RawColumn[]).map((c) => ({...c}));
    cache.tables.set(row.table, {
      name: row.table,
      kind: row.kind,
      columns,
      columnsByName: new Map(columns.map((c) => [c.name, c])),
      primaryKey: JSON.parse(row.pk) as string[],
      uniqueKeys: JSON.parse(row.uniques) as string[][],
      computed: new Map(),
      computedRelations: [],
    });
  }
  for (const row of fks.rows) {
    cache.foreignKeys.push({
      name: row.name,
      table: row.table,
      refTable: row.ref_table,
      columns: JSON.parse(row.columns) as string[],
      refColumns: JSON.parse(row.ref_columns) as string[],
    });
  }
  for (const row of fns.rows) {
    const args = JSON.parse(row.args) as {name: string; type: string; mode: string}[];
    const inputs = args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const outputs = args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
    const firstDefault = inputs.length - row.ndefaults;
    const params = inputs.map((a, i) => ({name: a.name, type: a.type, hasDefault: i >= firstDefault}));
    let outColumns: Column[] | null = null;
    const toColumn = (c: {name: string; type: string}): Column => ({
      name: c.name,
      type: c.type,
      nullable: true,
      hasDefault: false,
      defaultSql: null,
    });
    if (outputs.length > 1 || args.some((a) => a.mode === 't')) outColumns = outputs.map(toColumn);
    else if (row.composite_columns) outColumns = (JSON.parse(row.composite_columns) as {name: string; type: string}[]).map(toColumn);
    const fn: DbFunction = {
      name: row.name,
      params,
      returnType: outputs.length === 1 && !outColumns ? (outputs[0] as {type: string}).type : row.return_type,
      returnsSet: row.returns_set,
      returnsVoid: row.returns_void,
      outColumns,
      volatile: row.volatile,
      variadic: row.variadic,
      rows: Number(row.rows),
    };
    attachComputed(cache, fn);
    const list = cache.functions.get(row.name) ?? [];
    list.push(fn);
    cache.functions.set(row.name, list);
  }
  for (const row of roles.rows) cache.allowedRoles.add(row.rolname);
  return cache;
}

/**
 * PostgREST's computed fields and relationships: a function whose one parameter is a table's
 * row. Returning a scalar makes it a field of that table; returning rows of a table, a relation.
 */
function attachComputed(cache: SchemaCache, fn: DbFunction): void {
  const [param] = fn.params;
  if (fn.params.length !== 1 || !param || fn.returnsVoid) return;
  const match = /^"public"\."((?:[^"]|"")+)"$/.exec(param.type);
  const table = match ? cache.tables.get((match[1] as string).replace(/""/g, '"')) : undefined;
  if (!table) return;
  if (fn.outColumns) {
    if (/^"public"\./.test(fn.returnType)) table.computedRelations.push(fn);
  }
  else if (!fn.returnsSet && !table.columnsByName.has(fn.name)) {
    table.computed.set(fn.name, {name: fn.name, type: fn.returnType, nullable: true, hasDefault: false, defaultSql: null, computedBy: fn.name});
  }
}

export interface Junction {
  table: string;
  /** The junction's FK to the parent, and pairs [parent column, junction column]. */
  toParent: ForeignKey;
  parentJoin: [string, string][];
  /** The junction's FK to the child, and pairs [child column, junction column]. */
  toChild: ForeignKey;
  childJoin: [string, string][];
}

export interface Relationship {
  /** The FK that links the two tables (for many-to-many, the junction's FK to the parent). */
  fk: ForeignKey;
  /** 'many-to-one' (parent holds the FK), 'one-to-many' (child holds it), 'one-to-one' (either, unique). */
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  /** Pairs [parent column, child column] to join on (empty through a junction). */
  join: [string, string][];
  junction?: Junction;
  /** A computed relationship: the function called with the parent's row (fk is a stand-in named after it). */
  computed?: DbFunction;
}

export function isUnique(table: Table | undefined, columns: string[]): boolean {
  if (!table) return false;
  const wanted = [...columns].sort().join('\0');
  return table.uniqueKeys.some((k) => [...k].sort().join('\0') === wanted);
}

/** Every FK relationship between `parent` and `child`, in both directions. */
export function relationships(cache: SchemaCache, parent: string, child: string): Relationship[] {
  const found: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.table === parent && fk.refTable === child) {
      found.push({
        fk,
        cardinality: 'many-to-one',
        join: fk.columns.map((c, i) => [c, fk.refColumns[i] as string]),
      });
    }
    // A self-referencing FK yields both directions; readPlan.ts picks one as PostgREST does.
    if (fk.refTable === parent && fk.table === child) {
      found.push({
        fk,
        cardinality: isUnique(cache.tables.get(child), fk.columns) ? 'one-to-one' : 'one-to-many',
        join: fk.refColumns.map((c, i) => [c, fk.columns[i] as string]),
      });
    }
  }
  return [...found, ...manyToMany(cache, parent, child)];
}

/**
 * Many-to-many through a junction table: one whose FKs to the parent and to the child are both
 * part of its primary key (PostgREST's rule for detecting join tables).
 */
function manyToMany(cache: SchemaCache, parent: string, child: string): Relationship[] {
  const found: Relationship[] = [];
  for (const toParent of cache.foreignKeys) {
    if (toParent.refTable !== parent || toParent.table === parent || toParent.table === child) continue;
    const junction = cache.tables.get(toParent.table);
    if (!junction) continue;
    const inKey = (fk: ForeignKey) => fk.columns.every((c) => junction.primaryKey.includes(c));
    if (!inKey(toParent)) continue;
    for (const toChild of cache.foreignKeys) {
      if (toChild === toParent || toChild.table !== junction.name || toChild.refTable !== child || !inKey(toChild)) continue;
      found.push({
        fk: toParent,
        cardinality: 'many-to-many',
        join: [],
        junction: {
          table: junction.name,
          toParent,
          parentJoin: toParent.refColumns.map((c, i) => [c, toParent.columns[i] as string]),
          toChild,
          childJoin: toChild.refColumns.map((c, i) => [c, toChild.columns[i] as string]),
        },
      });
    }
  }
  return found;
}

/**
 * Another schema of `[api] schemas` (e.g. graphql_public), chosen by a profile header. Only
 * `public` is loaded, so it is served as a schema holding no tables or functions: every request
 * to it answers PostgREST's not-found error, naming it.
 */
export function unloadedSchema(cache: SchemaCache, schema: string): SchemaCache {
  return {...cache, schema, tables: new Map(), foreignKeys: [], functions: new Map()};
}
