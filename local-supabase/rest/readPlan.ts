import {ApiRequestError, PgError, SchemaCacheError, unknownColumn, type RestError} from './errors';
import type {FieldItem, SelectItem, StarItem} from './parseSelect';
import type {Condition, LogicTree, OrderTerm} from './parseFilters';
import type {ParsedQuery} from './queryParams';
import {castType, isUnique, relationships, type Column, type Relationship, type SchemaCache, type Table} from './schemaCache';

/** One resource in a read: the requested table or an embedded one. */
export interface ReadNode {
  table: Table;
  /** SQL alias of the table in its own subquery. */
  alias: string;
  fields: (FieldItem | StarItem)[];
  embeds: EmbedNode[];
  conditions: Condition[];
  logic: LogicTree[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
  /** `lessons=is.null` / `lessons=not.is.null` on an embed filters this node's rows. */
  embedNullFilters: {embed: EmbedNode; isNull: boolean}[];
}

export interface EmbedNode extends ReadNode {
  /** Output key (alias or relation name) and the embed-path segment filters use. */
  name: string;
  rel: Relationship;
  toOne: boolean;
  inner: boolean;
  spread: boolean;
  /** `lessons()`: only for filtering, not in the output. */
  hidden: boolean;
  /**
   * `messages(count)` on a table without a `count` column: the embed renders as the number of its
   * rows under this key (`[{"count": n}]` to-many), PostgREST's embedded count, allowed without
   * db-aggregates-enabled.
   */
  countKey: string | null;
  joinAlias: string;
}

/** A column, or a computed field (PostgREST reads both with the same syntax). */
export function columnOf(table: Table, name: string): Column {
  const column = table.columnsByName.get(name) ?? table.computed.get(name);
  if (!column) throw unknownColumn(table.name, name);
  return column;
}

interface Counter {
  n: number;
  /** Whether any level selects an aggregate (refused unless pgrst.db_aggregates_enabled). */
  aggregates: boolean;
  /**
   * Column and cast checks, run after the aggregate check: PostgREST refuses a disabled aggregate
   * (PGRST123) while planning and leaves unknown columns to PostgreSQL (42703) at execution, so
   * `missing.sum()` answers PGRST123 at every level.
   */
  columnChecks: (() => void)[];
}

/** Whether a node's rows are grouped: it selects an aggregate (then the other fields are the groups). */
export function isAggregated(node: ReadNode): boolean {
  return node.fields.some((f) => f.kind === 'field' && f.aggregate !== null);
}

/** PostgREST's db-aggregates-enabled, read from `alter role authenticator set pgrst.db_aggregates_enabled`. */
function aggregatesEnabled(cache: SchemaCache): boolean {
  return (cache.settings.get('db_aggregates_enabled') ?? 'false').trim().toLowerCase() === 'true';
}

/**
 * Embeds nest at most this deep. Each level multiplies the rows a read builds (a courses↔lessons
 * chain 10 levels deep returned 65 MB after 18 s) while the planner's estimate grows only
 * linearly, so neither statement_timeout on PGlite nor a cost check would stop it in time.
 */
export const MAX_EMBED_DEPTH = 4;

function relationshipError(parent: string, relation: string, hint: string | null): RestError {
  const using = hint ? ` using the hint '${hint}'` : '';
  return new SchemaCacheError(
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${relation}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${relation}'${using} in the schema 'public', but no matches were found.`,
  );
}

function describe(rel: Relationship, parent: string, child: string) {
  const embedding = `${parent} with ${child}`;
  if (rel.junction) {
    const {table, toParent, toChild} = rel.junction;
    return {
      cardinality: rel.cardinality,
      embedding,
      relationship: `${table} using ${toParent.name}(${toParent.columns.join(', ')}) and ${toChild.name}(${toChild.columns.join(', ')})`,
    };
  }
  const [own, other] = rel.cardinality === 'many-to-one' ? [parent, child] : [child, parent];
  return {
    cardinality: rel.cardinality,
    embedding,
    relationship: `${rel.fk.name} using ${own}(${rel.fk.columns.join(', ')}) and ${other}(${rel.fk.refColumns.join(', ')})`,
  };
}

interface Candidate {
  target: Table;
  rel: Relationship;
}

/** The name a hint or PGRST201's suggestion uses for a relationship: its FK, or its junction table. */
function relName(rel: Relationship): string {
  return rel.junction ? rel.junction.table : rel.fk.name;
}

function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.junction) return rel.junction.table === hint || rel.junction.toParent.name === hint || rel.junction.toChild.name === hint;
  return rel.fk.name === hint || (rel.fk.columns.length === 1 && rel.fk.columns[0] === hint) || rel.fk.refColumns.includes(hint);
}

/**
 * PostgREST's relationship lookup: the embed names a table (every FK path to it, many-to-many
 * through a junction table included), a computed relationship (a function taking the parent's
 * row), a foreign key constraint (either direction) or a single FK column (the to-one side).
 */
function candidatesFor(cache: SchemaCache, parent: Table, relation: string): Candidate[] {
  const found: Candidate[] = [];
  const target = cache.tables.get(relation);
  if (target) for (const rel of relationships(cache, parent.name, target.name)) found.push({target, rel});
  for (const fn of parent.computedRelations) {
    if (fn.name !== relation) continue;
    const returned = /^"public"\."((?:[^"]|"")+)"$/.exec(fn.returnType);
    const table = returned ? cache.tables.get((returned[1] as string).replace(/""/g, '"')) : undefined;
    if (!table) continue;
    const toOne = !fn.returnsSet || fn.rows === 1;
    const fk = {name: fn.name, table: parent.name, columns: [], refTable: table.name, refColumns: []};
    found.push({target: table, rel: {fk, cardinality: toOne ? 'many-to-one' : 'one-to-many', join: [], computed: fn}});
  }
  if (found.length > 0) return found;
  for (const fk of cache.foreignKeys) {
    const byName = fk.name === relation;
    const byColumn = fk.columns.length === 1 && fk.columns[0] === relation;
    const refTable = cache.tables.get(fk.refTable);
    if (fk.table === parent.name && refTable && (byName || byColumn)) {
      found.push({target: refTable, rel: {fk, cardinality: 'many-to-one', join: fk.columns.map((c, i) => [c, fk.refColumns[i] as string])}});
    }
    const child = cache.tables.get(fk.table);
    if (fk.refTable === parent.name && child && byName) {
      const cardinality = isUnique(child, fk.columns) ? 'one-to-one' : 'one-to-many';
      found.push({target: child, rel: {fk, cardinality, join: fk.refColumns.map((c, i) => [c, fk.columns[i] as string])}});
    }
  }
  return found;
}

/** A plain FK from a table to itself: one constraint, two directions (M2O and O2M). */
function isSelf(rel: Relationship): boolean {
  return !rel.junction && !rel.computed && rel.fk.table === rel.fk.refTable;
}

/**
 * PostgREST's convention for a self-referencing FK (its findRel): the table's own name gives the
 * children (one-to-many), the FK column gives the parent (many-to-one), and a hint may only name
 * the FK column, picking the children. Other spellings match nothing (PGRST200).
 */
function selfMatches(c: Candidate, relation: string, hint: string | null): boolean {
  const {rel} = c;
  const singleColumn = rel.fk.columns.length === 1 ? rel.fk.columns[0] : undefined;
  if (hint === null) {
    return (relation === c.target.name && rel.cardinality === 'one-to-many') || (relation === singleColumn && rel.cardinality === 'many-to-one');
  }
  return relation === c.target.name && rel.cardinality === 'one-to-many' && hint === singleColumn;
}

function resolveRelationship(cache: SchemaCache, parent: Table, relation: string, hint: string | null): Candidate {
  const candidates = candidatesFor(cache, parent, relation).filter((c) =>
    isSelf(c.rel) ? selfMatches(c, relation, hint) : hint === null || matchesHint(c.rel, hint),
  );
  if (candidates.length === 0) throw relationshipError(parent.name, relation, hint);
  if (candidates.length > 1) {
    throw new SchemaCacheError(
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${relation}'`,
      candidates.map((c) => describe(c.rel, parent.name, c.target.name)),
      `Try changing '${relation}' to one of the following: ${candidates
        .map((c) => `'${relation}!${relName(c.rel)}'`)
        .join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return candidates[0] as Candidate;
}

/** The output key of an embedded count (`rel(count)`, `rel(n:count)`), or null for an ordinary embed. */
function embeddedCount(target: Table, children: SelectItem[]): string | null {
  const [only, ...rest] = children;
  if (!only || rest.length > 0 || only.kind !== 'field' || only.name !== 'count' || only.path.length > 0 || only.cast || only.aggregate) return null;
  if (target.columnsByName.has('count') || target.computed.has('count')) return null;
  return only.alias ?? 'count';
}

function buildNode(cache: SchemaCache, table: Table, alias: string, items: SelectItem[], counter: Counter, depth = 0): ReadNode {
  const node: ReadNode = {
    table,
    alias,
    fields: [],
    embeds: [],
    conditions: [],
    logic: [],
    order: [],
    limit: null,
    offset: null,
    embedNullFilters: [],
  };
  for (const item of items) {
    if (item.kind === 'star') {
      node.fields.push(item);
      continue;
    }
    if (item.kind === 'field') {
      if (item.aggregate) counter.aggregates = true;
      const index = node.fields.push({...item, cast: null}) - 1;
      counter.columnChecks.push(() => {
        if (item.name !== '') columnOf(table, item.name);
        // From here on casts are the catalogue's quoted types, safe to put in SQL.
        const cast = item.cast ? castType(cache, item.cast) : null;
        const aggregate = item.aggregate && {fn: item.aggregate.fn, cast: item.aggregate.cast ? castType(cache, item.aggregate.cast) : null};
        node.fields[index] = {...item, cast, aggregate};
      });
      continue;
    }
    if (depth >= MAX_EMBED_DEPTH) {
      throw new ApiRequestError(
        'PGRST100',
        `Embedding is limited to ${MAX_EMBED_DEPTH} levels`,
        `'${item.relation}' is embedded at level ${depth + 1} of the select parameter`,
      );
    }
    const {target, rel} = resolveRelationship(cache, table, item.relation, item.hint);
    counter.n += 1;
    const countKey = embeddedCount(target, item.children);
    const child = buildNode(cache, target, `${target.name}_${counter.n}`, countKey === null ? item.children : [], counter, depth + 1);
    const toOne = rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
    if (item.spread && isAggregated(child) && aggregatesEnabled(cache)) {
      // PostgREST hoists a to-one spread's aggregates into the parent's grouping; not done here.
      // (With aggregates disabled, planRead answers PGRST123 first, as PostgREST does.)
      throw new ApiRequestError('PGRST127', 'Feature not implemented', 'Aggregates are not implemented for spreads here.');
    }
    if (item.spread && !toOne) {
      throw new ApiRequestError(
        'PGRST119',
        `A spread operation on '${item.relation}' is not possible`,
        `'${table.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    const name = item.alias ?? item.relation;
    if (node.embeds.some((e) => e.name === name)) {
      // PostgREST names an embed's join after it, so a second embed of one name fails in Postgres
      // (42712, its issue #2529) rather than answering one JSON key twice; an alias tells them apart.
      throw new PgError(400, '42712', `table name "${name}" specified more than once`);
    }
    node.embeds.push({
      ...child,
      name,
      rel,
      toOne,
      inner: item.inner,
      spread: item.spread,
      hidden: item.children.length === 0,
      countKey,
      joinAlias: `${target.name}_${counter.n}_j`,
    });
  }
  return node;
}

function findNode(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const segment of path) {
    const next = node.embeds.find((e) => e.name === segment);
    if (!next) {
      throw new ApiRequestError(
        'PGRST108',
        `'${segment}' is not an embedded resource in this request`,
        null,
        `Verify that '${segment}' is included in the 'select' query parameter.`,
      );
    }
    node = next;
  }
  return node;
}

/** Resolves a parsed query string against the schema: the tree of resources a read produces. */
export function planRead(cache: SchemaCache, table: Table, query: ParsedQuery, rootAlias = table.name): ReadNode {
  const counter: Counter = {n: 0, aggregates: false, columnChecks: []};
  const root = buildNode(cache, table, rootAlias, query.select, counter);
  if (counter.aggregates && !aggregatesEnabled(cache)) {
    throw new ApiRequestError('PGRST123', 'Use of aggregate functions is not allowed');
  }
  for (const check of counter.columnChecks) check();
  for (const condition of query.conditions) {
    const node = findNode(root, condition.embedPath);
    const embed = node.table.columnsByName.has(condition.column) ? undefined : node.embeds.find((e) => e.name === condition.column);
    if (embed && condition.jsonPath.length === 0) {
      const value = condition.value.toLowerCase();
      if (condition.op !== 'is' || (value !== 'null' && value !== 'not_null')) {
        throw new ApiRequestError(
          'PGRST120',
          `Could not find the '${condition.column}' embedded resource with the operator '${condition.op}'`,
          null,
          "Only is null or not is null filters are allowed on embedded resources",
        );
      }
      node.embedNullFilters.push({embed, isNull: (value === 'null') !== condition.negated});
      continue;
    }
    columnOf(node.table, condition.column);
    node.conditions.push(condition);
  }
  for (const {embedPath, tree} of query.logic) {
    const node = findNode(root, embedPath);
    validateTree(node, tree);
    node.logic.push(tree);
  }
  for (const [key, terms] of query.order) {
    const node = findNode(root, key === '' ? [] : key.split('.'));
    for (const term of terms) {
      if (term.relation) {
        const embed = node.embeds.find((e) => e.name === term.relation);
        if (!embed || !embed.toOne) {
          throw new ApiRequestError(
            'PGRST118',
            `A related order on '${term.relation}' is not possible`,
            `'${node.table.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
          );
        }
        columnOf(embed.table, term.column);
      } else columnOf(node.table, term.column);
    }
    node.order = terms;
  }
  for (const [key, n] of query.limit) findNode(root, key === '' ? [] : key.split('.')).limit = n;
  for (const [key, n] of query.offset) findNode(root, key === '' ? [] : key.split('.')).offset = n;
  return root;
}

function validateTree(node: ReadNode, tree: LogicTree): void {
  for (const child of tree.children) {
    if (child.kind === 'logic') validateTree(node, child);
    else if (child.embedPath.length > 0) {
      findNode(node, child.embedPath);
      throw new ApiRequestError('PGRST100', 'Filtering on embedded resources inside logic trees is not supported', null);
    } else columnOf(node.table, child.column);
  }
}
