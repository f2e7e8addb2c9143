// Reads what `supabase gen types typescript` describes from the Postgres catalogs of one schema:
// tables and views with their columns, foreign keys, functions, enums and composite types. The
// model keeps Postgres' own names (type names as pg_type spells them: `text`, `_text` for text[]),
// so ./render.ts maps them to TypeScript exactly as postgres-meta does.
import type {Queryable} from '../../../local-supabase/db/database';

export interface ColumnInfo {
  name: string;
  /** pg_type name; a domain is described by its base type, an array as `_element`. */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: 'ALWAYS' | 'BY DEFAULT' | null;
  /** Views only: whether an insert or update may write the column. */
  updatable: boolean;
}

export interface RelationInfo {
  name: string;
  kind: 'table' | 'view';
  /** Views only: an automatically updatable view gets Insert and Update types. */
  updatable: boolean;
  columns: ColumnInfo[];
}

export interface ForeignKeyInfo {
  name: string;
  table: string;
  columns: string[];
  /** The referencing columns are unique in their table (a unique key or the primary key). */
  oneToOne: boolean;
  referencedTable: string;
  referencedColumns: string[];
}

export interface FunctionArgInfo {
  name: string;
  type: string;
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArgInfo[];
  returnType: string;
  /** The table, view or composite type whose row the function returns, if any. */
  returnRelation: string | null;
  returnsSet: boolean;
}

export interface CompositeTypeInfo {
  name: string;
  attributes: {name: string; type: string}[];
}

export interface SchemaInfo {
  name: string;
  relations: RelationInfo[];
  foreignKeys: ForeignKeyInfo[];
  functions: FunctionInfo[];
  enums: {name: string; values: string[]}[];
  compositeTypes: CompositeTypeInfo[];
}

// A domain is typed as its base type (postgres-meta's `format`).
const TYPE_NAME = `(select coalesce(bt.typname, t.typname) from pg_type t left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype where t.oid = %s)`;
const typeName = (oid: string) => TYPE_NAME.replace('%s', oid);

const RELATIONS_SQL = `
select c.relname as name, case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind,
  c.relkind = 'v' and (pg_relation_is_updatable(c.oid::regclass, false) & 20) = 20 as updatable,
  coalesce((select json_agg(json_build_object(
      'name', a.attname, 'type', ${typeName('a.atttypid')}, 'nullable', not a.attnotnull,
      'hasDefault', a.atthasdef,
      'identity', case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end,
      'updatable', c.relkind in ('r', 'p', 'f')
        or (pg_column_is_updatable(c.oid::regclass, a.attnum, false)))
      order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`;

const KEY_COLUMNS = `(select json_agg(a.attname order by k.ord) from unnest(%keys) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = %rel and a.attnum = k.attnum)`;
const keyColumns = (keys: string, rel: string) => KEY_COLUMNS.replace('%keys', keys).replace('%rel', rel);

const FOREIGN_KEYS_SQL = `
select con.conname as name, c.relname as table, rc.relname as referenced_table,
  ${keyColumns('con.conkey', 'con.conrelid')}::text as columns,
  ${keyColumns('con.confkey', 'con.confrelid')}::text as referenced_columns,
  exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
    and u.conkey @> con.conkey and u.conkey <@ con.conkey) as one_to_one
from pg_constraint con
join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1`;

// Trigger functions are not callable through the API, so typegen leaves them out.
const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.pronargs as nargs, p.pronargdefaults as ndefaults,
  ${typeName('p.prorettype')} as return_type,
  (select rc.relname from pg_type rt join pg_class rc on rc.oid = rt.typrelid
     join pg_namespace rn on rn.oid = rc.relnamespace
     where rt.oid = p.prorettype and rn.nspname = $1) as return_relation,
  coalesce((select json_agg(json_build_object(
      'name', coalesce(p.proargnames[i], ''),
      'type', ${typeName('coalesce(p.proallargtypes[i], p.proargtypes[i - 1])')},
      'mode', coalesce(p.proargmodes[i], 'i')) order by i)
    from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) as i), '[]')::text as args
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')`;

const ENUMS_SQL = `
select t.typname as name, json_agg(e.enumlabel order by e.enumsortorder)::text as values
from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
where n.nspname = $1 group by t.typname`;

const COMPOSITES_SQL = `
select t.typname as name,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', ${typeName('a.atttypid')}) order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as attributes
from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_class c on c.oid = t.typrelid
where n.nspname = $1 and t.typtype = 'c' and c.relkind = 'c'`;

const MODES: Record<string, FunctionArgInfo['mode']> = {i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table'};

export async function introspect(db: Queryable, schema: string): Promise<SchemaInfo> {
  const relations = await db.query<{name: string; kind: 'table' | 'view'; updatable: boolean; columns: string}>(RELATIONS_SQL, [schema]);
  const foreignKeys = await db.query<{
    name: string;
    table: string;
    referenced_table: string;
    columns: string;
    referenced_columns: string;
    one_to_one: boolean;
  }>(FOREIGN_KEYS_SQL, [schema]);
  const functions = await db.query<{
    name: string;
    returns_set: boolean;
    nargs: number;
    ndefaults: number;
    return_type: string;
    return_relation: string | null;
    args: string;
  }>(FUNCTIONS_SQL, [schema]);
  const enums = await db.query<{name: string; values: string}>(ENUMS_SQL, [schema]);
  const composites = await db.query<{name: string; attributes: string}>(COMPOSITES_SQL, [schema]);

  return {
    name: schema,
    relations: relations.rows.map((r) => ({
      name: r.name,
      kind: r.kind,
      updatable: r.updatable,
      columns: JSON.parse(r.columns) as ColumnInfo[],
    })),
    foreignKeys: foreignKeys.rows.map((r) => ({
      name: r.name,
      table: r.table,
      columns: JSON.parse(r.columns) as string[],
      oneToOne: r.one_to_one,
      referencedTable: r.referenced_table,
      referencedColumns: JSON.parse(r.referenced_columns) as string[],
    })),
    functions: functions.rows.map((r) => {
      const raw = JSON.parse(r.args) as {name: string; type: string; mode: string}[];
      // The last `ndefaults` input arguments have defaults.
      const inputs = raw.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
      const firstDefault = inputs.length - r.ndefaults;
      return {
        name: r.name,
        returnType: r.return_type,
        returnRelation: r.return_relation,
        returnsSet: r.returns_set,
        args: raw.map((a) => ({
          name: a.name,
          type: a.type,
          mode: MODES[a.mode] ?? 'in',
          hasDefault: inputs.includes(a) && inputs.indexOf(a) >= firstDefault,
        })),
      };
    }),
    enums: enums.rows.map((r) => ({name: r.name, values: JSON.parse(r.values) as string[]})),
    compositeTypes: composites.rows.map((r) => ({name: r.name, attributes: JSON.parse(r.attributes) as CompositeTypeInfo['attributes']})),
  };
}
