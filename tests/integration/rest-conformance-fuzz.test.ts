// A bounded, seeded fuzz of the PostgREST grammar: random select (columns, aliases, casts,
// embeds, spreads, hints), filters (every operator, negation, quantifiers, logic trees), order,
// limit/offset, Range, Prefer, Accept and write/RPC bodies. Whatever the request, the answer is
// never a 5xx and never an error saying we produced invalid SQL; the server keeps serving,
// also while a stream of the widest and deepest selects the grammar allows is in flight.
// A failure names the seed and the request: REST_FUZZ_SEED=<seed> replays the same sequence.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CONFORMANCE_SQL} from './restConformanceSchema';
import {seeded} from '../../scripts/lib/practiceFiles/datasets';
import {startWithFixtures, type FixtureBackend, type RestInit, type RestResult} from './restFixtures';
import {MAX_SELECT_EMBEDS} from '../../local-supabase/rest/parseSelect';
import {MAX_EMBED_DEPTH} from '../../local-supabase/rest/readPlan';

const REQUESTS = 300;
const SEED = Number(process.env.REST_FUZZ_SEED ?? 20261125);

/** A seeded generator (mulberry32): good enough to drive a fuzzer reproducibly. */
function prng(seed: number) {
  const next = seeded(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number) => next() < p;
  return {int, pick, chance};
}

type Kind = 'int' | 'text' | 'tsvector';
interface TableShape {
  columns: Record<string, Kind>;
  /** Embeds from this table: relation name → the table it reaches (some ambiguous on purpose). */
  embeds: Record<string, string>;
}

const TABLES: Record<string, TableShape> = {
  conf_docs: {columns: {id: 'int', title: 'text', body: 'tsvector', note: 'text'}, embeds: {}},
  conf_films: {columns: {id: 'int', title: 'text', conf_label: 'text'}, embeds: {conf_actors: 'conf_actors', conf_roles: 'conf_roles'}},
  conf_actors: {columns: {id: 'int', name: 'text'}, embeds: {conf_films: 'conf_films', conf_roles: 'conf_roles'}},
  conf_roles: {columns: {film_id: 'int', actor_id: 'int', character: 'text'}, embeds: {conf_films: 'conf_films', conf_actors: 'conf_actors'}},
  conf_people: {
    columns: {id: 'int', name: 'text', manager_id: 'int'},
    embeds: {conf_people: 'conf_people', conf_reports: 'conf_people', conf_manager: 'conf_people'},
  },
  conf_orders: {
    columns: {id: 'int', billing_id: 'int', shipping_id: 'int'},
    embeds: {conf_addresses: 'conf_addresses', conf_orders_billing_fk: 'conf_addresses', billing_id: 'conf_addresses'},
  },
  conf_addresses: {columns: {id: 'int', city: 'text'}, embeds: {conf_orders: 'conf_orders', conf_orders_shipping_fk: 'conf_orders'}},
  conf_items: {columns: {id: 'int', name: 'text', qty: 'int'}, embeds: {}},
};
const TABLE_NAMES = Object.keys(TABLES);

/** `n` sibling embeds of every column; MAX_SELECT_EMBEDS of them is the widest select the parser takes. */
const wide = (n: number) => `/conf_films?select=*,${Array.from({length: n}, (_, i) => `e${i}:${i % 2 ? 'conf_actors' : 'conf_roles'}(*)`).join(',')}`;
/** Embeds nested `n` levels (films → roles → actors → roles → …); MAX_EMBED_DEPTH is the deepest allowed. */
function deep(n: number): string {
  let select = '*';
  for (let level = n; level > 0; level -= 1) select = `*,${['conf_roles', 'conf_actors', 'conf_roles', 'conf_films'][(level - 1) % 4]}(${select})`;
  return `/conf_films?select=${select}`;
}
const WIDEST = wide(MAX_SELECT_EMBEDS);
const DEEPEST = deep(MAX_EMBED_DEPTH);

const VALUES = ['1', '2', '0', '-1', '3.5', 'abc', 'Cats', 'a,b', 'x)y', '"q"', "o'neil", '', 'null', 'true', '%', '*a*', 'ünï', '2024-01-01', '1e999', ' '];
const COMMON_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'isdistinct'];
const TEXT_OPS = ['fts', 'plfts', 'phfts', 'wfts'];

function generator(seed: number) {
  const r = prng(seed);
  const value = () => r.pick(VALUES);
  const columnOf = (table: string) => (r.chance(0.05) ? 'nope' : r.pick(Object.keys(TABLES[table]?.columns ?? {id: 'int'})));

  function operation(table: string, column: string, inTree: boolean): string {
    const kind = TABLES[table]?.columns[column];
    const not = r.chance(0.2) ? 'not.' : '';
    const roll = r.int(10);
    const raw = (v: string) => (inTree && /[,()]/.test(v) ? `"${v.replace(/"/g, '')}"` : v);
    if (roll === 0) return `${not}in.(${[value(), value()].map((v) => `"${v.replace(/"/g, '')}"`).join(',')})`;
    if (roll === 1) return `${not}is.${r.pick(['null', 'not_null', 'true', 'false', 'unknown', 'maybe'])}`;
    if (roll === 2 && kind !== 'tsvector') return `${not}${r.pick(['eq', 'like', 'gt'])}(${r.pick(['any', 'all'])}).{${value().replace(/[{},"]/g, '')},${value().replace(/[{},"]/g, '')}}`;
    if ((roll === 3 || kind === 'tsvector') && (kind === 'text' || kind === 'tsvector')) {
      const lang = r.chance(0.5) ? `(${r.pick(['english', 'simple'])})` : '';
      const op = r.pick(TEXT_OPS);
      // to_tsquery takes tsquery syntax (a bad one is the client's 42601); the others take plain text.
      const text = op === 'fts' ? r.pick(['cats', 'fat & cats', 'cats | !dogs']) : r.pick(['cats', 'fat cats', 'dogs -cats', '"x" or y']);
      return `${not}${op}${lang}.${raw(text)}`;
    }
    if (roll === 4) return `${not}${r.pick(['bogus', 'eq(any', 'eq'])}`;
    return `${not}${r.pick(COMMON_OPS)}.${raw(value())}`;
  }

  function logicTree(table: string, depth: number): string {
    const items: string[] = [];
    const n = 1 + r.int(3);
    for (let i = 0; i < n; i += 1) {
      if (depth < 2 && r.chance(0.25)) items.push(`${r.pick(['and', 'or', 'not.and', 'not.or'])}${logicTree(table, depth + 1)}`);
      else {
        const column = columnOf(table);
        items.push(`${column}.${operation(table, column, true)}`);
      }
    }
    return `(${items.join(',')})`;
  }

  function select(table: string, depth: number): string {
    const items: string[] = [];
    const n = r.int(4);
    if (n === 0) return '*';
    for (let i = 0; i < n; i += 1) {
      const roll = r.int(10);
      const shape = TABLES[table];
      const relations = Object.keys(shape?.embeds ?? {});
      if (roll < 3 && relations.length > 0 && depth < 3) {
        const relation = r.pick(relations);
        const target = shape?.embeds[relation] ?? table;
        const spread = r.chance(0.15) ? '...' : '';
        const alias = !spread && r.chance(0.2) ? 'e_alias:' : '';
        const hint = r.chance(0.2) ? `!${r.pick(['inner', 'left', 'conf_orders_billing_fk', 'billing_id', 'nope'])}` : '';
        items.push(`${spread}${alias}${relation}${hint}(${r.chance(0.1) ? '' : select(target, depth + 1)})`);
      } else if (roll === 3) items.push('*');
      else {
        const column = columnOf(table);
        const alias = r.chance(0.2) ? 'a_lias:' : '';
        const cast = r.chance(0.15) ? `::${r.pick(['text', 'int', 'nope_type', 'json'])}` : '';
        items.push(`${alias}${column}${cast}`);
      }
    }
    if (r.chance(0.05)) items.push(r.pick(['count()', 'x.sum()', '(', 'a!b!c(*)', '"nope"']));
    return items.join(',');
  }

  function readQuery(table: string): URLSearchParams {
    const q = new URLSearchParams();
    if (r.chance(0.7)) q.set('select', select(table, 0));
    const filters = r.int(3);
    for (let i = 0; i < filters; i += 1) {
      const column = columnOf(table);
      q.append(column, operation(table, column, false));
    }
    if (r.chance(0.2)) q.set(r.pick(['or', 'and', 'not.or']), logicTree(table, 0));
    if (r.chance(0.3)) {
      const column = columnOf(table);
      q.set('order', `${column}${r.pick(['', '.asc', '.desc', '.desc.nullslast', '.nullsfirst', '.sideways'])}`);
    }
    if (r.chance(0.2)) q.set('limit', r.pick(['0', '1', '2', '10', '-1', 'x', '999999999999']));
    if (r.chance(0.15)) q.set('offset', r.pick(['0', '1', '5', '100', 'x']));
    return q;
  }

  function headers(): Record<string, string> {
    const h: Record<string, string> = {};
    if (r.chance(0.3)) {
      const prefs = [r.pick(['count=exact', 'count=planned', 'count=estimated', 'return=representation', 'return=minimal', 'missing=default', 'handling=strict', 'max-affected=1', 'bogus=1', 'tx=rollback'])];
      if (r.chance(0.5)) prefs.push(r.pick(['count=exact', 'return=representation', 'handling=lenient', 'resolution=merge-duplicates']));
      h.prefer = prefs.join(', ');
    }
    if (r.chance(0.2)) h.accept = r.pick(['application/json', 'text/csv', 'application/vnd.pgrst.object+json', 'application/vnd.pgrst.array+json;nulls=stripped', '*/*', 'text/html', 'application/json;q=0.5, text/csv']);
    if (r.chance(0.1)) h.range = r.pick(['0-1', '1-0', '5-', 'items=0-9', 'junk']);
    return h;
  }

  function itemBody(): string {
    const row = () => {
      const o: Record<string, unknown> = {};
      if (r.chance(0.8)) o.name = r.pick(['n', '', null, 5, 'ünï']);
      if (r.chance(0.4)) o.qty = r.pick([1, -3, '7', 'x', null, 2.5]);
      if (r.chance(0.1)) o.id = r.pick([1000 + r.int(1000), 'x']);
      if (r.chance(0.05)) o.nope = 1;
      return o;
    };
    const roll = r.int(10);
    if (roll === 0) return r.pick(['{', '[1,2]', '"x"', '', 'null']);
    if (roll < 3) return JSON.stringify([row(), row()]);
    return JSON.stringify(row());
  }

  function rpc(): {path: string; init: RestInit} {
    const fn = r.pick(['conf_add', 'conf_numbers', 'conf_norm1', 'conf_unnamed', 'conf_nope']);
    const args: Record<string, unknown> = {};
    if (fn === 'conf_add') for (const k of ['a', 'b', 'c'].filter(() => r.chance(0.7))) args[k] = r.pick([1, 2, '3', 'x', null]);
    if (fn === 'conf_numbers') args.n = r.pick([0, 3, 7, 'x', -2]);
    if (fn === 'conf_norm1') args.p = r.pick([{x: 1, y: 2}, {x: 'a'}, 5, '(1,2)', null]);
    if (fn === 'conf_unnamed') args[''] = 3;
    const extra = fn === 'conf_numbers' ? readQuery('conf_docs') : new URLSearchParams();
    if (fn === 'conf_numbers') {
      extra.delete('select');
      for (const key of [...extra.keys()]) if (!['limit', 'offset'].includes(key)) extra.delete(key);
      if (r.chance(0.3)) extra.set('conf_numbers', operation('conf_docs', 'id', false));
      if (r.chance(0.3)) extra.set('order', r.pick(['conf_numbers.desc', 'conf_numbers.nullsfirst']));
    }
    if (r.chance(0.5) && fn !== 'conf_norm1' && fn !== 'conf_unnamed') {
      for (const [k, v] of Object.entries(args)) extra.set(k, String(v));
      return {path: `/rpc/${fn}?${extra.toString()}`, init: {method: r.pick(['GET', 'HEAD']), headers: headers()}};
    }
    return {path: `/rpc/${fn}?${extra.toString()}`, init: {method: 'POST', body: JSON.stringify(args), headers: headers()}};
  }

  return function request(): {path: string; init: RestInit} {
    const roll = r.int(10);
    if (roll < 6) {
      const table = r.pick(TABLE_NAMES);
      return {path: `/${table}?${readQuery(table).toString()}`, init: {method: r.chance(0.1) ? 'HEAD' : 'GET', headers: headers()}};
    }
    if (roll < 8) {
      const method = r.pick(['POST', 'PATCH', 'DELETE']);
      const q = method === 'POST' ? new URLSearchParams() : readQuery('conf_items');
      if (method === 'POST' && r.chance(0.3)) q.set('columns', r.pick(['name,qty', 'id,name', 'nope']));
      if (method === 'POST' && r.chance(0.2)) q.set('on_conflict', r.pick(['id', 'name', 'nope']));
      if (r.chance(0.5)) q.set('select', select('conf_items', 0));
      return {path: `/conf_items?${q.toString()}`, init: {method, body: method === 'DELETE' ? undefined : itemBody(), headers: headers()}};
    }
    return rpc();
  };
}

// SQLSTATEs that mean the server built SQL it should not have: a syntax error, an operator or
// function that does not exist for the types, an undefined table or alias, a grouping mistake,
// bind values the statement does not match. (A client's `is.true` on an integer column is 42804
// in PostgREST too: the client's mistake, answered 400.)
const INVALID_SQL = new Set(['42601', '42883', '42P01', '42P10', '42803', '08P01']);

let f: FixtureBackend;

beforeAll(async () => {
  f = await startWithFixtures(CONFORMANCE_SQL);
}, 120_000);

afterAll(async () => {
  await f?.stop();
});

describe(`PostgREST grammar fuzz (seed ${SEED}, ${REQUESTS} requests)`, () => {
  it('answers every request without a 5xx or an invalid-SQL error, and keeps serving', async () => {
    const next = generator(SEED);
    let answered = 0;
    for (let i = 0, generated = 0; generated < REQUESTS; i += 1) {
      // Every 50th request is one of the costliest reads allowed, besides the generator's (so a
      // seed still replays the same generated sequence).
      const costliest = i % 50 === 49;
      const {path, init}: {path: string; init: RestInit} = costliest ? {path: i % 100 === 49 ? WIDEST : DEEPEST, init: {method: 'GET'}} : next();
      if (!costliest) generated += 1;
      const where = `REST_FUZZ_SEED=${SEED}, request #${i}: ${init.method ?? 'GET'} ${decodeURIComponent(path)} ${JSON.stringify(init.headers ?? {})} ${init.body ?? ''}`;
      const check = (res: RestResult, caller: string) => {
        const code = (res.json as {code?: unknown} | undefined)?.code;
        // The one 5xx allowed: PostgREST's own 500 for 57014, which PGlite's cost check gives an
        // anonymous read priced over its budget (the service role is never priced).
        const timedOut = caller === 'anon' && res.status === 500 && code === '57014';
        if (!timedOut) expect(res.status, `${where} (${caller})\n→ ${res.text}`).toBeLessThan(500);
        if (res.status >= 400 && typeof code === 'string') {
          expect(INVALID_SQL.has(code), `${where} (${caller})\n→ ${res.text}`).toBe(false);
          // An unknown column is the client's (42703) only when the request named one.
          if (code === '42703') expect(path.includes('nope'), `${where} (${caller})\n→ ${res.text}`).toBe(true);
        }
      };
      const res = await f.rest(path, init);
      check(res, 'service role');
      if (res.status < 300) answered += 1;
      // Reads again as anon: on PGlite its statements are priced first (the cost check), a path
      // the service role never takes.
      if ((init.method ?? 'GET') === 'GET') check(await f.rest(path, {...init, key: 'anon'}), 'anon');
    }
    // The generator is no use if nearly everything it sends is refused at parse time.
    expect(answered).toBeGreaterThan(REQUESTS / 5);
    const alive = await f.rest('/conf_docs?select=id&order=id');
    expect(alive.status).toBe(200);
    expect(alive.json).toEqual([{id: 1}, {id: 2}, {id: 3}]);
  }, 300_000);

  it('answers a bystander while a stream of the widest and deepest selects allowed is in flight, and answers those too', async () => {
    // Both are the limits: answered, where one more embed or level is refused.
    for (const path of [WIDEST, DEEPEST]) {
      const res = await f.rest(path, {key: 'anon'});
      expect(res.status, `${path}\n→ ${res.text}`).toBe(200);
    }
    for (const path of [wide(MAX_SELECT_EMBEDS + 1), deep(MAX_EMBED_DEPTH + 1)]) {
      const res = await f.rest(path, {key: 'anon'});
      expect([res.status, (res.json as {code?: string}).code], `${path}\n→ ${res.text}`).toEqual([400, 'PGRST100']);
    }
    let streaming = true;
    const statuses: number[] = [];
    const stream = Promise.all(
      Array.from({length: 5}, async (_, i) => {
        while (streaming) statuses.push((await f.rest(i % 2 ? WIDEST : DEEPEST, {key: 'anon'})).status);
      }),
    );
    // The bystander is sent once the stream is answering, and must be answered while it goes on.
    while (statuses.length < 5) await f.rest('/conf_docs?select=id&limit=1', {key: 'anon'});
    const bystander = await f.rest('/conf_docs?select=id&order=id', {key: 'anon'});
    const answeredDuringStream = statuses.length;
    streaming = false;
    await stream;
    expect(bystander.status).toBe(200);
    expect(bystander.json).toEqual([{id: 1}, {id: 2}, {id: 3}]);
    expect(answeredDuringStream).toBeGreaterThanOrEqual(5);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 120_000);
});
