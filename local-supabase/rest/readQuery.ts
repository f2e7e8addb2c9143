import type {Condition, LogicTree, OrderTerm} from './parseFilters';
import type {JsonPathStep} from './parseSelect';
import {columnOf, isAggregated, type EmbedNode, type ReadNode} from './readPlan';
import {Params, arrayLiteral, ident} from './sql';

const TEXT = '"pg_catalog"."text"';
const JSONB = '"pg_catalog"."jsonb"';
const TEXTUAL = new Set([TEXT, '"pg_catalog"."varchar"', '"pg_catalog"."bpchar"', '"pg_catalog"."name"', '"public"."citext"']);

function jsonPathSql(base: string, path: JsonPathStep[], params: Params): string {
  let sql = base;
  for (const step of path) {
    // Integer keys index arrays, as in PostgREST; only int4-sized ones go into SQL as literals.
    const key = /^-?[0-9]{1,9}$/.test(step.key) ? step.key : params.text(step.key);
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

/** The expression and type of a column reference with an optional JSON path. */
function operand(node: ReadNode, column: string, path: JsonPathStep[], params: Params): {sql: string; type: string} {
  const col = columnOf(node.table, column);
  const base = col.computedBy ? `"public".${ident(col.computedBy)}(${ident(node.alias)})` : `${ident(node.alias)}.${ident(col.name)}`;
  if (path.length === 0) return {sql: base, type: col.type};
  const last = path[path.length - 1] as JsonPathStep;
  return {sql: jsonPathSql(base, path, params), type: last.arrow === '->>' ? TEXT : JSONB};
}

function castValue(value: string, type: string, params: Params): string {
  const p = params.text(value);
  return TEXTUAL.has(type) || type === TEXT ? p : `${p}::${type}`;
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const TS_FUNCTION: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function conditionSql(node: ReadNode, c: Condition, params: Params): string {
  const {sql: lhs, type} = operand(node, c.column, c.jsonPath, params);
  let sql: string;
  const op = c.op;
  if (c.quantifier && c.list) {
    const items = op === 'like' || op === 'ilike' ? c.list.map((v) => v.replace(/\*/g, '%')) : c.list;
    const arr = `${params.text(arrayLiteral(items))}::${op === 'like' || op === 'ilike' || op === 'match' || op === 'imatch' ? TEXT : type}[]`;
    const textual = op === 'like' || op === 'ilike' || op === 'match' || op === 'imatch';
    const sqlOp = {like: 'like', ilike: 'ilike', match: '~', imatch: '~*'}[op as string] ?? COMPARISON[op];
    sql = `${textual ? `${lhs}::text` : lhs} ${sqlOp} ${c.quantifier}(${arr})`;
  } else if (op === 'in') {
    sql = `${lhs} = any(${params.text(arrayLiteral(c.list ?? []))}::${type.endsWith('[]') ? type : `${type}[]`})`;
  } else if (op === 'is') {
    const v = c.value.toLowerCase();
    sql = `${lhs} is ${v === 'not_null' ? 'not null' : v}`;
  } else if (op === 'like' || op === 'ilike') {
    sql = `${lhs}::text ${op} ${params.text(c.value.replace(/\*/g, '%'))}`;
  } else if (op === 'match' || op === 'imatch') {
    sql = `${lhs}::text ${op === 'match' ? '~' : '~*'} ${params.text(c.value)}`;
  } else if (op === 'isdistinct') {
    sql = `${lhs} is distinct from ${castValue(c.value, type, params)}`;
  } else if (op in TS_FUNCTION) {
    const config = c.language ? `${params.text(c.language)}::regconfig, ` : '';
    const vector = type === '"pg_catalog"."tsvector"' ? lhs : `to_tsvector(${config}${lhs})`;
    sql = `${vector} @@ ${TS_FUNCTION[op]}(${config}${params.text(c.value)})`;
  } else {
    sql = `${lhs} ${COMPARISON[op]} ${castValue(c.value, type, params)}`;
  }
  return c.negated ? `not (${sql})` : sql;
}

function logicSql(node: ReadNode, tree: LogicTree, params: Params): string {
  const parts = tree.children.map((child) =>
    child.kind === 'logic' ? logicSql(node, child, params) : conditionSql(node, child, params),
  );
  const sql = `(${parts.join(tree.op === 'and' ? ' and ' : ' or ')})`;
  return tree.negated ? `not ${sql}` : sql;
}

function orderSql(node: ReadNode, terms: OrderTerm[], params: Params): string {
  return terms
    .map((t) => {
      let expr: string;
      if (t.relation) {
        const embed = node.embeds.find((e) => e.name === t.relation) as EmbedNode;
        expr = jsonPathSql(`(${ident(embed.joinAlias)}.body::jsonb -> ${params.text(t.column)})`, t.jsonPath, params);
      } else expr = operand(node, t.column, t.jsonPath, params).sql;
      return `${expr}${t.direction ? ` ${t.direction}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    })
    .join(', ');
}

/** An output column of a node; `aggregated` ones are left out of its GROUP BY. */
type OutputColumn = [sql: string, name: string, aggregated?: boolean];

/** Output columns of a node: `[expression, output name, aggregated]`. */
function selectList(node: ReadNode, params: Params): OutputColumn[] {
  const out: OutputColumn[] = [];
  for (const item of node.fields) {
    if (item.kind === 'star') {
      for (const col of node.table.columns) out.push([`${ident(node.alias)}.${ident(col.name)}`, col.name]);
      continue;
    }
    const {aggregate} = item;
    let sql = item.name === '' ? '*' : operand(node, item.name, item.path, params).sql;
    // plan.ts replaced the requested casts with the catalogue's quoted type names.
    if (item.cast) sql = `(${sql})::${item.cast}`;
    if (aggregate) {
      sql = `${aggregate.fn}(${sql})`;
      if (aggregate.cast) sql = `(${sql})::${aggregate.cast}`;
    }
    // PostgREST names an aggregate after its function unless aliased (`count`, `sum`, …).
    const name = item.alias ?? (aggregate ? aggregate.fn : item.path.length > 0 ? (item.path[item.path.length - 1] as JsonPathStep).key : item.name);
    out.push([sql, name, aggregate !== null]);
  }
  // Grouped rows need embeds they can be grouped by: jsonb has equality, json has not.
  const json = isAggregated(node) ? 'jsonb' : 'json';
  for (const embed of node.embeds) {
    if (embed.hidden) continue;
    const j = ident(embed.joinAlias);
    if (embed.spread) {
      for (const [, name] of selectList(embed, new Params(params.style))) out.push([`${j}.${ident(name)}`, name]);
    } else if (embed.toOne) out.push([json === 'json' ? `${j}.body` : `${j}.body::jsonb`, embed.name]);
    else out.push([`coalesce(${j}.body, '[]'::json)${json === 'json' ? '' : '::jsonb'}`, embed.name]);
  }
  return out;
}

/** GROUP BY the output columns that are not aggregates, by position, as PostgREST groups them. */
function groupBySql(columns: OutputColumn[]): string {
  const positions = columns.flatMap(([, , aggregated], i) => (aggregated ? [] : [String(i + 1)]));
  return positions.length ? ` group by ${positions.join(', ')}` : '';
}

/** A node's own horizontal filters (also the WHERE of PATCH and DELETE). */
export function filterSql(node: ReadNode, params: Params): string[] {
  const where = node.conditions.map((c) => conditionSql(node, c, params));
  for (const tree of node.logic) where.push(logicSql(node, tree, params));
  return where;
}

export interface NodeSqlOptions {
  /** FROM source for the root (`"public"."t"` or a CTE name). */
  source: string;
  /** Caps rows of the root (db-max-rows). */
  maxRows: number | null;
  /** For counts: no select list, order or limit; embeds kept only where they filter. */
  countOnly?: boolean;
  /** Write read-backs: the root's filters were applied by the mutation. */
  skipRootFilters?: boolean;
}

function embedJoin(parent: ReadNode, embed: EmbedNode, params: Params): string {
  const inner = nodeSql(embed, params, {source: embedSource(parent, embed), maxRows: null}, parent);
  const x = ident(`${embed.joinAlias}_x`);
  const count = embed.countKey === null ? null : `json_build_object(${params.text(embed.countKey)}::text, count(*))`;
  const body = count
    ? `select ${embed.toOne ? count : `json_build_array(${count})`} as body from (${inner}) ${x}`
    : embed.spread
    ? inner
    : embed.toOne
      ? `select row_to_json(${x}) as body from (${inner}) ${x}`
      : `select json_agg(${x}) as body from (${inner}) ${x}`;
  return `left join lateral (${body}) as ${ident(embed.joinAlias)} on true`;
}

/** An embed's rows: its table, or a computed relationship's function called with the parent row. */
function embedSource(parent: ReadNode, embed: EmbedNode): string {
  const fn = embed.rel.computed;
  return fn ? `"public".${ident(fn.name)}(${ident(parent.alias)})` : `"public".${ident(embed.table.name)}`;
}

/** How an embed's rows are tied to its parent row: FK columns, or a row of the junction table. */
function joinConditions(parent: ReadNode, embed: EmbedNode): string[] {
  const child = ident(embed.alias);
  const up = ident(parent.alias);
  const junction = embed.rel.junction;
  if (junction) {
    const j = ident(`${embed.alias}_m2m`);
    const on = [
      ...junction.parentJoin.map(([p, jc]) => `${j}.${ident(jc)} = ${up}.${ident(p)}`),
      ...junction.childJoin.map(([c, jc]) => `${j}.${ident(jc)} = ${child}.${ident(c)}`),
    ];
    return [`exists (select 1 from "public".${ident(junction.table)} as ${j} where ${on.join(' and ')})`];
  }
  return embed.rel.join.map(([parentCol, childCol]) => `${child}.${ident(childCol)} = ${up}.${ident(parentCol)}`);
}

export function nodeSql(node: ReadNode, params: Params, options: NodeSqlOptions, parent?: ReadNode): string {
  const grouped = isAggregated(node);
  // Grouped rows are counted as groups: the count runs over the whole grouped select.
  if (grouped && options.countOnly) options = {...options, countOnly: false};
  const where: string[] = parent ? joinConditions(parent, node as EmbedNode) : [];
  const isRoot = !parent;
  if (!(isRoot && options.skipRootFilters)) where.push(...filterSql(node, params));
  const joins: string[] = [];
  for (const embed of node.embeds) {
    const filtering = embed.inner || node.embedNullFilters.some((f) => f.embed === embed);
    if (options.countOnly && !filtering) continue;
    joins.push(embedJoin(node, embed, params));
    if (embed.inner) where.push(`not (${embedProbe(embed)} is null)`);
  }
  for (const f of node.embedNullFilters) where.push(`${f.isNull ? '' : 'not '}(${embedProbe(f.embed)} is null)`);
  const from = `${options.source} as ${ident(node.alias)}`;
  const whereSql = where.length ? ` where ${where.join(' and ')}` : '';
  if (options.countOnly) return `select 1 from ${from}${joins.length ? ` ${joins.join(' ')}` : ''}${whereSql}`;
  const columns = selectList(node, params);
  const list = columns.length ? columns.map(([expr, name]) => `${expr} as ${ident(name)}`).join(', ') : '';
  let sql = `select ${list} from ${from}${joins.length ? ` ${joins.join(' ')}` : ''}${whereSql}${grouped ? groupBySql(columns) : ''}`;
  if (node.order.length) sql += ` order by ${orderSql(node, node.order, params)}`;
  const limit = isRoot && options.maxRows !== null ? Math.min(node.limit ?? options.maxRows, options.maxRows) : node.limit;
  if (limit !== null) sql += ` limit ${limit}`;
  if (node.offset) sql += ` offset ${node.offset}`;
  return sql;
}

// A spread has no single body column; its row is all NULLs when nothing matched.
function embedProbe(embed: EmbedNode): string {
  return embed.spread ? `row(${ident(embed.joinAlias)}.*)` : `${ident(embed.joinAlias)}.body`;
}
