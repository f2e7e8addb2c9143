import {Cursor, type JsonPathStep} from './parseSelect';
import {parseError} from './errors';

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct',
  'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj',
] as const;
export type Operator = (typeof OPERATORS)[number];
const OPERATOR_SET = new Set<string>(OPERATORS);
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

export interface Condition {
  kind: 'condition';
  /** Embed path (aliases) the column belongs to; empty for the resource itself. */
  embedPath: string[];
  column: string;
  jsonPath: JsonPathStep[];
  negated: boolean;
  op: Operator;
  /** `eq(any)` / `like(all)` over a `{a,b}` list. */
  quantifier: 'any' | 'all' | null;
  /** Text search configuration for fts operators. */
  language: string | null;
  /** The raw value; a list for `in` and quantified operators. */
  value: string;
  list: string[] | null;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negated: boolean;
  children: (LogicTree | Condition)[];
}

const EXPECTING_OP = '"not" or operator (eq, gt, ...)';

/** `[not.]op[(modifier)].value` — the right-hand side of `col=…` and of `col.op.value` in trees. */
function parseOperation(cur: Cursor, inTree: boolean): Omit<Condition, 'kind' | 'embedPath' | 'column' | 'jsonPath'> {
  let negated = false;
  if (cur.startsWith('not.')) {
    negated = true;
    cur.pos += 4;
  }
  const start = cur.pos;
  while (!cur.done && /[a-z_]/.test(cur.peek())) cur.pos += 1;
  const op = cur.input.slice(start, cur.pos);
  if (!OPERATOR_SET.has(op)) {
    cur.pos = start;
    throw cur.fail(EXPECTING_OP);
  }
  let quantifier: 'any' | 'all' | null = null;
  let language: string | null = null;
  if (cur.peek() === '(') {
    cur.pos += 1;
    const s = cur.pos;
    while (!cur.done && cur.peek() !== ')') cur.pos += 1;
    const mod = cur.input.slice(s, cur.pos);
    cur.expect(')');
    if (FTS.has(op) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(mod)) language = mod;
    else if (QUANTIFIABLE.has(op) && (mod === 'any' || mod === 'all')) quantifier = mod;
    else {
      cur.pos = s;
      throw cur.fail('"any" or "all"');
    }
  }
  cur.expect('.');
  let value: string;
  let list: string[] | null = null;
  if (op === 'in') {
    list = parseList(cur, '(', ')');
    value = '';
  } else if (quantifier) {
    list = parseList(cur, '{', '}');
    value = '';
  } else {
    value = inTree ? treeValue(cur) : cur.input.slice(cur.pos);
    cur.pos = inTree ? cur.pos : cur.input.length;
    if (op === 'is' && !IS_VALUES.has(value.toLowerCase())) {
      cur.pos -= value.length;
      throw cur.fail('null or trilean value (unknown, true, false)');
    }
  }
  return {negated, op: op as Operator, quantifier, language, value, list};
}

/** A value inside a logic tree ends at `,` or `)` unless double-quoted. */
function treeValue(cur: Cursor): string {
  if (cur.peek() === '"') return cur.quoted();
  const start = cur.pos;
  let depth = 0;
  while (!cur.done) {
    const ch = cur.peek();
    if (ch === '(') depth += 1;
    else if (ch === ')') {
      if (depth === 0) break;
      depth -= 1;
    } else if (ch === ',' && depth === 0) break;
    cur.pos += 1;
  }
  return cur.input.slice(start, cur.pos);
}

/** `(a,"b,c",d)` for `in`, `{a,b}` for quantified operators. */
function parseList(cur: Cursor, open: string, close: string): string[] {
  cur.expect(open);
  const items: string[] = [];
  if (cur.peek() === close) {
    cur.pos += 1;
    return items;
  }
  for (;;) {
    if (cur.peek() === '"') items.push(cur.quoted());
    else {
      const start = cur.pos;
      while (!cur.done && cur.peek() !== ',' && cur.peek() !== close) cur.pos += 1;
      items.push(cur.input.slice(start, cur.pos));
    }
    if (cur.peek() === ',') {
      cur.pos += 1;
      continue;
    }
    cur.expect(close);
    return items;
  }
}

/** A filter parameter `key=value`: `value` is `[not.]op.val`. */
export function parseFilter(embedPath: string[], columnKey: string, value: string): Condition {
  const colCur = new Cursor(columnKey, 'filter');
  const column = colCur.name();
  const jsonPath = colCur.jsonPath();
  if (!colCur.done) throw colCur.fail('end of input');
  const cur = new Cursor(value, 'filter');
  const operation = parseOperation(cur, false);
  if (!cur.done) throw cur.fail('end of input');
  return {kind: 'condition', embedPath, column, jsonPath, ...operation};
}

/** `or=(…)` / `and=(…)` / `not.or=(…)`: the value is the parenthesised list. */
export function parseLogicTree(op: 'and' | 'or', negated: boolean, embedPath: string[], value: string): LogicTree {
  const cur = new Cursor(value, 'logic tree');
  const tree = parseTreeBody(cur, op, negated, embedPath);
  if (!cur.done) throw cur.fail('end of input');
  return tree;
}

function parseTreeBody(cur: Cursor, op: 'and' | 'or', negated: boolean, embedPath: string[]): LogicTree {
  cur.expect('(');
  const children: (LogicTree | Condition)[] = [];
  for (;;) {
    children.push(parseTreeItem(cur, embedPath));
    if (cur.peek() === ',') {
      cur.pos += 1;
      continue;
    }
    cur.expect(')');
    return {kind: 'logic', op, negated, children};
  }
}

function parseTreeItem(cur: Cursor, embedPath: string[]): LogicTree | Condition {
  void embedPath;
  for (const [prefix, op, negated] of [
    ['not.and(', 'and', true],
    ['not.or(', 'or', true],
    ['and(', 'and', false],
    ['or(', 'or', false],
  ] as const) {
    if (cur.startsWith(prefix)) {
      cur.pos += prefix.length - 1;
      return parseTreeBody(cur, op, negated, embedPath);
    }
  }
  const names = [cur.name()];
  let jsonPath = cur.jsonPath();
  // `embed.column.op.value`: all but the last name before the operator are embed aliases.
  while (cur.peek() === '.' && jsonPath.length === 0) {
    const save = cur.pos;
    cur.pos += 1;
    const next = cur.startsWith('not.') ? 'not' : peekWord(cur);
    if (OPERATOR_SET.has(next) || next === 'not') {
      cur.pos = save;
      break;
    }
    names.push(cur.name());
    jsonPath = cur.jsonPath();
  }
  cur.expect('.');
  const operation = parseOperation(cur, true);
  const column = names.pop() as string;
  return {kind: 'condition', embedPath: names, column, jsonPath, ...operation};
}

function peekWord(cur: Cursor): string {
  let end = cur.pos;
  while (end < cur.input.length && /[a-z_]/.test(cur.input[end] as string)) end += 1;
  return cur.input.slice(cur.pos, end);
}

export interface OrderTerm {
  column: string;
  jsonPath: JsonPathStep[];
  /** `order=author(name).desc`: a column of a to-one embed. */
  relation: string | null;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export function parseOrder(value: string): OrderTerm[] {
  const cur = new Cursor(value, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    let relation: string | null = null;
    let column = cur.name();
    if (cur.peek() === '(') {
      cur.pos += 1;
      relation = column;
      column = cur.name();
      cur.expect(')');
    }
    const jsonPath = cur.jsonPath();
    let direction: 'asc' | 'desc' | null = null;
    let nulls: 'first' | 'last' | null = null;
    while (cur.peek() === '.') {
      cur.pos += 1;
      const word = peekWord(cur);
      if ((word === 'asc' || word === 'desc') && direction === null && nulls === null) direction = word;
      else if ((word === 'nullsfirst' || word === 'nullslast') && nulls === null) nulls = word === 'nullsfirst' ? 'first' : 'last';
      else throw cur.fail('"asc", "desc", "nullsfirst" or "nullslast"');
      cur.pos += word.length;
    }
    terms.push({column, jsonPath, relation, direction, nulls});
    if (cur.done) return terms;
    if (cur.peek() !== ',') throw cur.fail('"," or end of input');
    cur.pos += 1;
  }
}

/** `on_conflict=a,b` and `columns="a","b"`: a list of column names. */
export function parseColumnList(what: string, value: string): string[] {
  const cur = new Cursor(value, what);
  const names: string[] = [];
  for (;;) {
    names.push(cur.name());
    if (cur.done) return names;
    if (cur.peek() !== ',') throw cur.fail('"," or end of input');
    cur.pos += 1;
  }
}

// limit/offset go into SQL as literals: digits only, and few enough to stay an exact integer.
export function parseNonNegative(what: string, value: string) {
  if (!/^[0-9]{1,15}$/.test(value)) throw parseError(`${what} parameter`, value, 1, 'expecting digit');
  return Number(value);
}
