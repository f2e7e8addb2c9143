import {parseError, type RestError} from './errors';

export interface JsonPathStep {
  /** `->` keeps JSON, `->>` yields text. */
  arrow: '->' | '->>';
  key: string;
}

export type AggregateName = 'count' | 'sum' | 'avg' | 'max' | 'min';

/** `amount.sum()::int`: the function applied to the field, and the cast of its result. */
export interface Aggregate {
  fn: AggregateName;
  cast: string | null;
}

export interface FieldItem {
  kind: 'field';
  /** The column; empty for `count()`, which counts rows. */
  name: string;
  alias: string | null;
  path: JsonPathStep[];
  /** The cast of the column (before an aggregate is applied). */
  cast: string | null;
  aggregate: Aggregate | null;
}

export interface StarItem {
  kind: 'star';
}

export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias: string | null;
  hint: string | null;
  inner: boolean;
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = FieldItem | StarItem | EmbedItem;

// Characters that end a bare name in PostgREST's grammar.
const NAME_STOP = new Set([',', '.', ':', '(', ')', '!', '-', '>', '"', ' ']);
// PostgREST's cast grammar: a bare type name, here with an optional array suffix. The name is
// resolved against the catalogue (plan.ts) and never reaches SQL as written.
const CAST_NAME = /[A-Za-z0-9_]/;

/** A small cursor over one query-parameter value, raising PGRST100 with a 1-based column. */
export class Cursor {
  pos = 0;
  constructor(
    readonly input: string,
    private readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '';
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  fail(expecting: string): RestError {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    return parseError(this.what, this.input, this.pos + 1, `unexpected ${found} expecting ${expecting}`);
  }

  expect(text: string): void {
    if (!this.startsWith(text)) throw this.fail(`"${text}"`);
    this.pos += text.length;
  }

  /** A bare name (stops at reserved characters) or a double-quoted one. */
  name(expecting = 'field name (* or [a..z0..9_$])'): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done && !NAME_STOP.has(this.peek())) this.pos += 1;
    // A lone '-' is part of a name unless it starts an arrow.
    while (this.peek() === '-' && this.peek(1) !== '>') {
      this.pos += 1;
      while (!this.done && !NAME_STOP.has(this.peek())) this.pos += 1;
    }
    if (this.pos === start) throw this.fail(expecting);
    return this.input.slice(start, this.pos);
  }

  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && (this.peek(1) === '"' || this.peek(1) === '\\')) this.pos += 1;
      out += this.peek();
      this.pos += 1;
    }
    this.expect('"');
    return out;
  }

  /** `->key` / `->>key` steps after a column name. */
  jsonPath(): JsonPathStep[] {
    const path: JsonPathStep[] = [];
    while (this.startsWith('->')) {
      const arrow = this.startsWith('->>') ? '->>' : '->';
      this.pos += arrow.length;
      path.push({arrow, key: this.name('json key')});
    }
    return path;
  }
}

const AGGREGATES: ReadonlySet<string> = new Set<AggregateName>(['count', 'sum', 'avg', 'max', 'min']);

/** `::type` after a field or an aggregate; the name is resolved against the catalogue in plan.ts. */
function parseCast(cur: Cursor): string | null {
  if (!cur.startsWith('::')) return null;
  cur.pos += 2;
  const start = cur.pos;
  while (!cur.done && CAST_NAME.test(cur.peek())) cur.pos += 1;
  if (cur.pos === start) throw cur.fail('cast type');
  if (cur.startsWith('[]')) cur.pos += 2;
  return cur.input.slice(start, cur.pos);
}

/**
 * Bounds on one select, all levels together. Planning grows with the number of embeds before any
 * cost check or statement_timeout can act (1,000 sibling embeds held PGlite's thread for seconds
 * and one PostgreSQL backend in JIT for minutes), so a select beyond them is refused while it is
 * parsed. PostgREST has no such limit; this is local-supabase's, answered as PostgREST's PGRST100.
 */
export const MAX_SELECT_EMBEDS = 16;
export const MAX_SELECT_ITEMS = 200;

/** What one select has used of its bounds so far. */
interface Budget {
  items: number;
  embeds: number;
}

/** Counts the item that starts at `at`, refusing it (column `at`) past a bound. */
function spend(cur: Cursor, budget: Budget, embed: boolean, at: number): void {
  budget.items += 1;
  if (embed) budget.embeds += 1;
  if (budget.embeds > MAX_SELECT_EMBEDS) {
    throw parseError('select parameter', cur.input, at + 1, `unexpected embedded resource: at most ${MAX_SELECT_EMBEDS} per request`);
  }
  if (budget.items > MAX_SELECT_ITEMS) {
    throw parseError('select parameter', cur.input, at + 1, `unexpected select item: at most ${MAX_SELECT_ITEMS} per request`);
  }
}

function parseItem(cur: Cursor, budget: Budget): SelectItem {
  const start = cur.pos;
  if (cur.peek() === '*') {
    spend(cur, budget, false, start);
    cur.pos += 1;
    return {kind: 'star'};
  }
  let spread = false;
  if (cur.startsWith('...')) {
    spread = true;
    cur.pos += 3;
  }
  let alias: string | null = null;
  let name = cur.name();
  if (cur.peek() === ':' && cur.peek(1) !== ':') {
    cur.pos += 1;
    alias = name;
    if (cur.startsWith('...')) throw cur.fail('field name');
    name = cur.name();
  }
  if (cur.peek() === '!' || cur.peek() === '(') {
    let hint: string | null = null;
    let inner = false;
    while (cur.peek() === '!') {
      cur.pos += 1;
      const word = cur.name('embed hint');
      if (word === 'inner') inner = true;
      else if (word === 'left') inner = false;
      else if (hint === null) hint = word;
      else throw cur.fail('"inner" or "left"');
    }
    if (name === 'count' && cur.startsWith('()') && hint === null) {
      // `count()`: the row count, PostgREST's one aggregate without a column.
      spend(cur, budget, false, start);
      cur.pos += 2;
      return {kind: 'field', name: '', alias, path: [], cast: null, aggregate: {fn: 'count', cast: parseCast(cur)}};
    }
    spend(cur, budget, true, start);
    cur.expect('(');
    const children = cur.peek() === ')' ? [] : parseList(cur, budget);
    cur.expect(')');
    return {kind: 'embed', relation: name, alias, hint, inner, spread, children};
  }
  if (spread) throw cur.fail('"("');
  spend(cur, budget, false, start);
  const path = cur.jsonPath();
  const cast = parseCast(cur);
  let aggregate: Aggregate | null = null;
  if (cur.peek() === '.') {
    // PostgREST's grammar: field[::cast].aggregate()[::cast]
    const save = cur.pos;
    cur.pos += 1;
    const fn = cur.done ? '' : cur.name();
    if (!AGGREGATES.has(fn) || !cur.startsWith('()')) {
      cur.pos = save;
      throw cur.fail('"," or ")" or end of input');
    }
    cur.pos += 2;
    aggregate = {fn: fn as AggregateName, cast: parseCast(cur)};
  }
  return {kind: 'field', name, alias, path, cast, aggregate};
}

function parseList(cur: Cursor, budget: Budget): SelectItem[] {
  const items = [parseItem(cur, budget)];
  while (cur.peek() === ',') {
    cur.pos += 1;
    items.push(parseItem(cur, budget));
  }
  return items;
}

/** Parses PostgREST's `select` parameter (whitespace outside quotes is ignored, as supabase-js strips it). */
export function parseSelect(input: string): SelectItem[] {
  const cleaned = stripWhitespace(input);
  if (cleaned === '') return [{kind: 'star'}];
  const cur = new Cursor(cleaned, 'select parameter');
  const items = parseList(cur, {items: 0, embeds: 0});
  if (!cur.done) throw cur.fail('"," or end of input');
  return items;
}

/** Drops whitespace outside double quotes; inside them `\"` and `\\` are escapes, as `Cursor.quoted` reads them. */
function stripWhitespace(input: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i] as string;
    if (quoted && ch === '\\' && (input[i + 1] === '"' || input[i + 1] === '\\')) {
      out += ch + (input[i + 1] as string);
      i += 1;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) continue;
    out += ch;
  }
  return out;
}
