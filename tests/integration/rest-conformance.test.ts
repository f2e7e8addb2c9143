// PostgREST conformance, written from PostgREST's documentation (API reference, error catalogue,
// resource embedding and representation): status, code, body and headers for each behaviour
// local-supabase implements, and PostgREST's own error where it refuses. Test-only tables and
// functions (restConformanceSchema.ts) live in a backend of this file's own.
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CONFORMANCE_SQL} from './restConformanceSchema';
import {startWithFixtures, type FixtureBackend} from './restFixtures';

let f: FixtureBackend;

beforeAll(async () => {
  f = await startWithFixtures(CONFORMANCE_SQL);
}, 120_000);

afterAll(async () => {
  await f?.stop();
});

const ids = (json: unknown) => (json as {id: number}[]).map((r) => r.id);

describe('full-text search on a tsvector column', () => {
  it.each([
    ['fts.cats', [1, 2]],
    ['fts(english).cats', [1, 2]],
    ['plfts(english).fat cats', [1]],
    ['phfts(english).fat cats', [1]],
    ['phfts(english).cats fat', []],
    ['wfts(english).cats -dogs', [1]],
    ['not.fts(english).cats', [3]],
  ])('body=%s', async (filter, expected) => {
    const res = await f.rest(`/conf_docs?select=id&order=id&body=${encodeURIComponent(filter)}`);
    expect(res.status).toBe(200);
    expect(ids(res.json)).toEqual(expected);
  });

  it('a text column is searched through to_tsvector', async () => {
    const res = await f.rest('/conf_docs?select=id&title=fts.cats');
    expect(res.status).toBe(200);
    expect(ids(res.json)).toEqual([1]);
  });
});

describe('functions (RPC)', () => {
  it('a function\'s single unnamed parameter is bound by the empty name, {"": value}', async () => {
    const res = await f.rest('/rpc/conf_unnamed', {method: 'POST', body: '{"": 3}'});
    expect(res.status).toBe(200);
    expect(res.json).toBe(6);
  });

  it('a JSON object for a built-in scalar parameter is its JSON text, not a row', async () => {
    const res = await f.rest('/rpc/conf_greet', {method: 'POST', body: '{"name":{"a":1}}'});
    expect(res.status).toBe(200);
    expect(res.json).toBe('Hello, {"a":1}!');
  });

  it('a composite (row-type) argument is filled from a JSON object', async () => {
    const res = await f.rest('/rpc/conf_norm1', {method: 'POST', body: '{"p": {"x": 3, "y": -4}}'});
    expect(res.status).toBe(200);
    expect(res.json).toBe(7);
  });

  it('overloads that take the same names are ambiguous: 300 PGRST203, types named as pg_type names them', async () => {
    const res = await f.rest('/rpc/conf_pick?x=1');
    expect(res.status).toBe(300);
    const body = res.json as {code: string; details: unknown; hint: string; message: string};
    expect(body).toMatchObject({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    expect(body.message).toMatch(/^Could not choose the best candidate function between: public\.conf_pick\(x => (int4|varchar)\), public\.conf_pick\(x => (int4|varchar)\)$/);
    expect(body.message).toContain('x => int4');
    expect(body.message).toContain('x => varchar');
  });

  it('Prefer: count=exact on a function returning a scalar counts its one row', async () => {
    const res = await f.rest('/rpc/conf_add?a=1&b=2', {headers: {prefer: 'count=exact'}});
    expect(res.status).toBe(200);
    expect(res.json).toBe(3);
    expect(res.headers.get('content-range')).toBe('0-0/1');
    expect((await f.rest('/rpc/conf_add?a=1&b=2')).headers.get('content-range')).toBe('0-0/*');
  });

  it('overloaded functions are chosen by argument names', async () => {
    expect((await f.rest('/rpc/conf_add?a=1&b=2')).json).toBe(3);
    expect((await f.rest('/rpc/conf_add?a=1&b=2&c=3')).json).toBe(6);
    const post = await f.rest('/rpc/conf_add', {method: 'POST', body: '{"a": 1, "b": 2, "c": 3}'});
    expect(post.json).toBe(6);
    const none = await f.rest('/rpc/conf_add?a=1');
    expect(none.status).toBe(404);
    expect(none.json).toEqual({
      code: 'PGRST202',
      // A GET has no body, so PostgREST does not mention the whole-body form; one name is "parameter".
      details: 'Searched for the function public.conf_add with parameter a, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.conf_add(a) in the schema cache',
    });
  });

  it('Prefer: count=exact counts a set-returning call; limit, offset and filters shape it', async () => {
    const all = await f.rest('/rpc/conf_numbers?n=5', {headers: {prefer: 'count=exact'}});
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-4/5');
    expect(all.json).toEqual([1, 2, 3, 4, 5]);
    const page = await f.rest('/rpc/conf_numbers?n=5&limit=2&offset=1', {headers: {prefer: 'count=exact'}});
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('1-2/5');
    expect(page.json).toEqual([2, 3]);
    const filtered = await f.rest('/rpc/conf_numbers?n=5&conf_numbers=gt.3');
    expect(filtered.json).toEqual([4, 5]);
  });

  it('handling=strict with max-affected refuses a call affecting more rows (PGRST124) and rolls it back', async () => {
    const res = await f.rest('/rpc/conf_touch_films', {method: 'POST', headers: {prefer: 'handling=strict, max-affected=1'}});
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'PGRST124',
      details: 'The query affects 2 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    });
    const films = await f.rest('/conf_films?select=title&order=id');
    expect(films.json).toEqual([{title: 'Alpha'}, {title: 'Beta'}]);
  });
});

describe('Prefer: count', () => {
  it('planned answers the planner estimate, not the exact count, with 206 when fewer rows came back', async () => {
    const res = await f.rest('/conf_docs?select=id&order=id', {headers: {prefer: 'count=planned'}});
    expect(res.headers.get('preference-applied')).toBe('count=planned');
    const match = /^0-2\/([0-9]+)$/.exec(res.headers.get('content-range') ?? '');
    expect(match).not.toBeNull();
    const estimate = Number(match![1]);
    // PostgreSQL's estimate for the never-analyzed table comes from its size on disk; PGlite's,
    // analyzed once when the schema loads (it runs no autovacuum), is the 3 it then counted.
    if (!f.backend.databaseUrl) expect(estimate).toBe(3);
    expect(res.status).toBe(estimate > 3 ? 206 : 200);
    if (f.backend.databaseUrl) {
      // On PostgreSQL the figure can be checked against the planner itself.
      const client = new pg.Client({connectionString: f.backend.databaseUrl});
      await client.connect();
      try {
        const {rows} = await client.query<{'QUERY PLAN': [{Plan: {'Plan Rows': number}}]}>('explain (format json) select 1 from public.conf_docs');
        expect(estimate).toBe(rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']);
      } finally {
        await client.end();
      }
    }
  });

  it('planned answers an anonymous caller too, whose reads PGlite prices before running them', async () => {
    const res = await f.rest('/courses?select=id', {key: 'anon', headers: {prefer: 'count=planned'}});
    expect([200, 206]).toContain(res.status);
    expect(res.headers.get('content-range')).toMatch(/^0-[0-9]+\/[0-9]+$/);
  });

  it('estimated is exact below max_rows and the estimate above it', async () => {
    const small = await f.rest('/conf_docs?select=id&limit=1', {headers: {prefer: 'count=estimated'}});
    expect(small.status).toBe(206);
    expect(small.headers.get('content-range')).toBe('0-0/3');
    const large = await f.rest('/conf_many?select=id&limit=1', {headers: {prefer: 'count=estimated'}});
    expect(large.status).toBe(206);
    expect(large.headers.get('content-range')).toMatch(/^0-0\/[0-9]+$/);
  });
});

describe('[api] max_rows', () => {
  it('caps a read at config.toml’s 1000 rows; count=exact tells the full total', async () => {
    const res = await f.rest('/conf_many?select=id', {headers: {prefer: 'count=exact'}});
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-999/1005');
    expect((res.json as unknown[]).length).toBe(1000);
  });
});

describe('Prefer: missing=default', () => {
  it('fills a missing identity column from its sequence and other columns from their defaults', async () => {
    const res = await f.rest('/conf_items?columns=id,name,qty&select=name,qty', {
      method: 'POST',
      body: JSON.stringify([{name: 'first'}, {id: 500, name: 'second', qty: 3}]),
      headers: {prefer: 'missing=default, return=representation'},
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('return=representation, missing=default');
    expect(res.json).toEqual([
      {name: 'first', qty: 7},
      {name: 'second', qty: 3},
    ]);
    const stored = await f.rest('/conf_items?select=id,name&order=name');
    const [first, second] = stored.json as {id: number; name: string}[];
    expect(first!.id).toEqual(expect.any(Number));
    expect(second).toEqual({id: 500, name: 'second'});
  });

  it('draws every row\'s defaults, so a row giving its own id still takes one from the sequence, as PostgREST does', async () => {
    const res = await f.rest('/conf_items?columns=id,name&select=id,name', {
      method: 'POST',
      body: JSON.stringify([{name: 'seq-a'}, {id: 900, name: 'seq-b'}, {name: 'seq-c'}]),
      headers: {prefer: 'missing=default, return=representation'},
    });
    expect(res.status).toBe(201);
    const [a, b, c] = res.json as {id: number; name: string}[];
    expect(b).toEqual({id: 900, name: 'seq-b'});
    expect(c!.id - a!.id).toBe(2);
  });

  it('without it, a missing key is null (23502 on a NOT NULL column), as PostgREST does', async () => {
    const res = await f.rest('/conf_items?columns=id,name', {method: 'POST', body: JSON.stringify([{name: 'third'}])});
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({code: '23502'});
  });
});

describe('resource embedding', () => {
  it('a self-referencing FK: the table name gives the children, the FK column the parent (PostgREST findRel)', async () => {
    const children = await f.rest('/conf_people?select=name,conf_people(name)&order=id&conf_people.order=id');
    expect(children.status).toBe(200);
    expect(children.json).toEqual([
      {name: 'Ada', conf_people: [{name: 'Brian'}, {name: 'Cleo'}]},
      {name: 'Brian', conf_people: [{name: 'Dev'}]},
      {name: 'Cleo', conf_people: []},
      {name: 'Dev', conf_people: []},
    ]);
    const parent = await f.rest('/conf_people?select=name,manager:manager_id(name)&order=id');
    expect(parent.status).toBe(200);
    expect(parent.json).toEqual([
      {name: 'Ada', manager: null},
      {name: 'Brian', manager: {name: 'Ada'}},
      {name: 'Cleo', manager: {name: 'Ada'}},
      {name: 'Dev', manager: {name: 'Brian'}},
    ]);
    // A hint may name the FK column (the children); the constraint name matches neither direction.
    const hinted = await f.rest('/conf_people?select=name,reports:conf_people!manager_id(name)&id=eq.2');
    expect(hinted.json).toEqual([{name: 'Brian', reports: [{name: 'Dev'}]}]);
    const byConstraint = await f.rest('/conf_people?select=name,conf_people!conf_people_manager_id_fkey(name)');
    expect(byConstraint.status).toBe(400);
    expect(byConstraint.json).toMatchObject({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'conf_people' and 'conf_people' using the hint 'conf_people_manager_id_fkey' in the schema 'public', but no matches were found.",
    });
  });

  it('computed relationships give either side of it: setof is to-many, `rows 1` is to-one', async () => {
    const res = await f.rest('/conf_people?select=name,conf_reports(name),conf_manager(name)&order=id&conf_reports.order=id');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {name: 'Ada', conf_reports: [{name: 'Brian'}, {name: 'Cleo'}], conf_manager: null},
      {name: 'Brian', conf_reports: [{name: 'Dev'}], conf_manager: {name: 'Ada'}},
      {name: 'Cleo', conf_reports: [], conf_manager: {name: 'Ada'}},
      {name: 'Dev', conf_reports: [], conf_manager: {name: 'Brian'}},
    ]);
  });

  it('many-to-many through a junction table whose FKs are in its primary key, both ways', async () => {
    const films = await f.rest('/conf_films?select=title,conf_actors(name)&order=id&conf_actors.order=id');
    expect(films.status).toBe(200);
    expect(films.json).toEqual([
      {title: 'Alpha', conf_actors: [{name: 'Ann'}, {name: 'Bob'}]},
      {title: 'Beta', conf_actors: [{name: 'Bob'}]},
    ]);
    const actors = await f.rest('/conf_actors?select=name,conf_films(title)&order=id');
    expect(actors.json).toEqual([
      {name: 'Ann', conf_films: [{title: 'Alpha'}]},
      {name: 'Bob', conf_films: [{title: 'Alpha'}, {title: 'Beta'}]},
      {name: 'Cid', conf_films: []},
    ]);
    const inner = await f.rest('/conf_actors?select=name,conf_films!inner(title)&conf_films.title=eq.Beta');
    expect(inner.json).toEqual([{name: 'Bob', conf_films: [{title: 'Beta'}]}]);
  });

  it('two FKs to one table are ambiguous; the constraint name picks one, as hint or as the embed itself', async () => {
    const ambiguous = await f.rest('/conf_orders?select=id,conf_addresses(city)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.json).toMatchObject({
      code: 'PGRST201',
      hint: "Try changing 'conf_addresses' to one of the following: 'conf_addresses!conf_orders_billing_fk', 'conf_addresses!conf_orders_shipping_fk'. Find the desired relationship in the 'details' key.",
    });
    const hinted = await f.rest('/conf_orders?select=id,billing:conf_addresses!conf_orders_billing_fk(city)&order=id');
    expect(hinted.json).toEqual([
      {id: 10, billing: {city: 'Oslo'}},
      {id: 11, billing: {city: 'Lima'}},
    ]);
    const byName = await f.rest('/conf_orders?select=id,conf_orders_shipping_fk(city)&order=id');
    expect(byName.json).toEqual([
      {id: 10, conf_orders_shipping_fk: {city: 'Lima'}},
      {id: 11, conf_orders_shipping_fk: {city: 'Lima'}},
    ]);
    const reverse = await f.rest('/conf_addresses?select=city,conf_orders_billing_fk(id)&order=id');
    expect(reverse.json).toEqual([
      {city: 'Oslo', conf_orders_billing_fk: [{id: 10}]},
      {city: 'Lima', conf_orders_billing_fk: [{id: 11}]},
    ]);
  });

  it('one table embedded twice under different hints needs aliases: unaliased it is refused (400 42712), never a JSON key twice', async () => {
    const twice = await f.rest('/conf_orders?select=id,conf_addresses!conf_orders_billing_fk(city),conf_addresses!conf_orders_shipping_fk(city)');
    expect(twice.status).toBe(400);
    expect(twice.json).toMatchObject({code: '42712', message: 'table name "conf_addresses" specified more than once'});
    const aliased = await f.rest(
      '/conf_orders?select=id,billing:conf_addresses!conf_orders_billing_fk(city),shipping:conf_addresses!conf_orders_shipping_fk(city)&order=id',
    );
    expect(aliased.status).toBe(200);
    expect(aliased.json).toEqual([
      {id: 10, billing: {city: 'Oslo'}, shipping: {city: 'Lima'}},
      {id: 11, billing: {city: 'Lima'}, shipping: {city: 'Lima'}},
    ]);
  });

  it('spread on a to-one embed flattens its columns; on a to-many embed it is PGRST119', async () => {
    const spread = await f.rest('/conf_orders?select=id,...conf_addresses!billing_id(billing_city:city)&order=id');
    expect(spread.json).toEqual([
      {id: 10, billing_city: 'Oslo'},
      {id: 11, billing_city: 'Lima'},
    ]);
    const many = await f.rest('/conf_addresses?select=city,...conf_orders!billing_id(id)');
    expect(many.status).toBe(400);
    expect(many.json).toMatchObject({code: 'PGRST119'});
  });
});

describe('computed fields', () => {
  it('are selected, filtered and ordered by name, and left out of *', async () => {
    const res = await f.rest('/conf_films?select=id,conf_label&conf_label=like.*%232&order=conf_label.desc');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{id: 2, conf_label: 'Beta #2'}]);
    const star = await f.rest('/conf_films?select=*&id=eq.1');
    expect(star.json).toEqual([{id: 1, title: 'Alpha'}]);
  });
});

describe('response media types', () => {
  it('Accept: text/csv answers a header line and one line per row', async () => {
    const res = await f.rest('/conf_docs?select=id,title,note&order=id', {headers: {accept: 'text/csv'}});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.text).toBe('id,title,note\n1,Cats,\n2,Dogs,barks\n3,Birds,');
  });

  it('nulls=stripped leaves out null-valued keys, on arrays and on single objects', async () => {
    const array = await f.rest('/conf_docs?select=id,note&order=id', {headers: {accept: 'application/vnd.pgrst.array+json;nulls=stripped'}});
    expect(array.status).toBe(200);
    expect(array.headers.get('content-type')).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
    expect(array.json).toEqual([{id: 1}, {id: 2, note: 'barks'}, {id: 3}]);
    const object = await f.rest('/conf_docs?select=id,note&id=eq.1', {headers: {accept: 'application/vnd.pgrst.object+json;nulls=stripped'}});
    expect(object.headers.get('content-type')).toBe('application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8');
    expect(object.json).toEqual({id: 1});
  });

  it('a type it cannot produce is 406 PGRST107; a single scalar has no CSV form', async () => {
    const html = await f.rest('/conf_docs', {headers: {accept: 'text/html'}});
    expect(html.status).toBe(406);
    expect(html.json).toEqual({code: 'PGRST107', details: null, hint: null, message: 'None of these media types are available: text/html'});
    const scalar = await f.rest('/rpc/conf_add?a=1&b=2', {headers: {accept: 'text/csv'}});
    expect(scalar.status).toBe(406);
    expect(scalar.json).toMatchObject({code: 'PGRST107'});
  });
});

describe('request bodies by Content-Type (PostgREST Payload)', () => {
  const post = (p: string, contentType: string, body: string, prefer = 'return=representation') =>
    f.rest(p, {method: 'POST', body, headers: {'content-type': contentType, prefer}});
  const notes = async () => (await f.rest('/conf_notes?select=body,stars&order=id')).json;

  it('text/csv: the header names the columns, values are text cast to the column type, NULL is null', async () => {
    const res = await post('/conf_notes?select=body,stars', 'text/csv', 'body,stars\nplain,3\n"with, comma",NULL\n');
    expect(res.status).toBe(201);
    expect(res.json).toEqual([
      {body: 'plain', stars: 3},
      {body: 'with, comma', stars: null},
    ]);
  });

  it('text/csv that does not fit is refused whole: ragged lines 400 PGRST102, a NULL in a NOT NULL column 400 23502', async () => {
    const before = await notes();
    const ragged = await post('/conf_notes', 'text/csv', 'body,stars\none,1\ntwo\n');
    expect(ragged.status).toBe(400);
    expect(ragged.json).toEqual({code: 'PGRST102', details: null, hint: null, message: 'All lines must have same number of fields'});
    const nullBody = await post('/conf_notes', 'text/csv', 'body,stars\nfine,1\nNULL,2\n');
    expect(nullBody.status).toBe(400);
    expect(nullBody.json).toMatchObject({code: '23502'});
    expect(await notes()).toEqual(before);
  });

  it('application/x-www-form-urlencoded writes a row; every field is text', async () => {
    const res = await post('/conf_notes?select=body,stars', 'application/x-www-form-urlencoded', 'body=Fish+%26+chips&stars=5');
    expect(res.status).toBe(201);
    expect(res.json).toEqual([{body: 'Fish & chips', stars: 5}]);
  });

  it('a form body names a function\'s arguments', async () => {
    const res = await post('/rpc/conf_greet', 'application/x-www-form-urlencoded', 'name=Ada+Lovelace&punctuation=%3F');
    expect(res.status).toBe(200);
    expect(res.json).toBe('Hello, Ada Lovelace?');
  });

  it('text/plain and application/octet-stream go whole to a single unnamed text or bytea parameter', async () => {
    const text = await post('/rpc/conf_shout', 'text/plain; charset=utf-8', 'quiet please');
    expect(text.status).toBe(200);
    expect(text.json).toBe('QUIET PLEASE');
    const bytes = await post('/rpc/conf_hex', 'application/octet-stream', 'h\u00e9!');
    expect(bytes.status).toBe(200);
    expect(bytes.json).toBe('68c3a921');
  });

  it('a raw body for a function without such a parameter is 404 PGRST202 in PostgREST\'s words', async () => {
    // What fetch sends for a string body without a Content-Type: JSON text as text/plain.
    const res = await post('/rpc/conf_add', 'text/plain;charset=UTF-8', '{"a": 1, "b": 2}');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      code: 'PGRST202',
      details: 'Searched for the function public.conf_add with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.conf_add in the schema cache',
    });
  });

  it('any other Content-Type is 400 PGRST102 and writes nothing', async () => {
    const before = await notes();
    for (const [path, type, shown] of [
      ['/conf_notes', 'text/plain', 'text/plain'],
      ['/conf_notes', 'application/xml; charset=utf-8', 'application/xml'],
      ['/conf_notes', 'Application/JSON', 'Application/JSON'],
      ['/rpc/conf_greet', 'text/html', 'text/html'],
    ] as const) {
      const res = await post(path, type, '{"body": "x", "name": "x"}');
      expect(res.status, type).toBe(400);
      expect(res.json, type).toEqual({code: 'PGRST102', details: null, hint: null, message: `Content-Type not acceptable: ${shown}`});
    }
    expect(await notes()).toEqual(before);
  });
});

describe('bounded work per request', () => {
  const siblings = (n: number) => `/cw?select=${Array.from({length: n}, () => 'cx(id)').join(',')}`;

  it('900 sibling embeds (a 6 KB URL) are refused by the parser, 400 PGRST100, while a concurrent read completes', async () => {
    const attack = f.rest(siblings(900), {key: 'anon'});
    const read = f.rest('/conf_docs?select=id&order=id', {key: 'anon'});
    const [refused, served] = await Promise.all([attack, read]);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({code: 'PGRST100', details: 'unexpected embedded resource: at most 16 per request', hint: null});
    expect((refused.json as {message: string}).message).toMatch(/^"failed to parse select parameter \(cx\(id\),.*\)" \(line 1, column 113\)$/);
    expect(served.status).toBe(200);
    expect(ids(served.json)).toEqual([1, 2, 3]);
  });

  it('the bound holds for the service role too; 16 embeds are served', async () => {
    expect((await f.rest(siblings(17))).json).toMatchObject({code: 'PGRST100'});
    const served = await f.rest(`/cw?select=id,${Array.from({length: 16}, (_, i) => `x${i}:cx(id)`).join(',')}`);
    expect(served.status).toBe(200);
    expect((served.json as Record<string, unknown>[])[0]).toMatchObject({id: 1, x0: [{id: 1}], x15: [{id: 1}]});
  });

  it('more than 200 select items are refused, 400 PGRST100', async () => {
    const res = await f.rest(`/conf_docs?select=${Array.from({length: 201}, () => 'id').join(',')}`, {key: 'anon'});
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({code: 'PGRST100', details: 'unexpected select item: at most 200 per request'});
  });

  it('a request target over 8 KiB gets the gateway\'s 414 "URI too long", as hosted answers it', async () => {
    const res = await f.rest(`/conf_docs?select=id&title=in.(${Array.from({length: 2000}, (_, i) => i).join(',')})`, {key: 'anon'});
    expect(res.status).toBe(414);
    expect(res.text).toBe('URI too long\n');
  });

  it('requests run with JIT off on PostgreSQL (jit compilation ignores statement_timeout); PGlite has no JIT', async () => {
    const res = await f.rest('/rpc/conf_setting?name=jit', {key: 'anon'});
    expect(res.status).toBe(200);
    expect(res.json).toBe('off');
  });
});

describe('wrong data that PostgREST does not give', () => {
  it('insert([]) inserts nothing: 201, an empty representation, no row of defaults', async () => {
    const before = await f.rest('/conf_items?select=id', {headers: {prefer: 'count=exact'}});
    const res = await f.rest('/conf_items', {method: 'POST', body: '[]', headers: {prefer: 'return=representation'}, key: 'anon'});
    expect(res.status).toBe(201);
    expect(res.json).toEqual([]);
    const minimal = await f.rest('/conf_items', {method: 'POST', body: '[]', key: 'anon'});
    expect(minimal.status).toBe(201);
    const after = await f.rest('/conf_items?select=id', {headers: {prefer: 'count=exact'}});
    expect(after.headers.get('content-range')).toBe(before.headers.get('content-range'));
  });

  it('an embedded count, rel(count), answers the number of related rows (anonymously: PGlite prices it on real estimates)', async () => {
    const res = await f.rest('/conf_films?select=title,conf_roles(count),conf_actors(n:count)&order=id', {key: 'anon'});
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {title: expect.any(String), conf_roles: [{count: 2}], conf_actors: [{n: 2}]},
      {title: expect.any(String), conf_roles: [{count: 1}], conf_actors: [{n: 1}]},
    ]);
  });
});

describe('role settings set by migrations', () => {
  it('a migration may alter anon and authenticator as hosted postgres may; anon requests run with its statement_timeout', async () => {
    const res = await f.rest('/rpc/conf_setting?name=statement_timeout', {key: 'anon'});
    expect(res.status).toBe(200);
    expect(res.json).toBe('2900ms');
  });

  it('a role without a statement_timeout of its own (service_role) runs with authenticator\'s 8 s, as on hosted', async () => {
    const res = await f.rest('/rpc/conf_setting?name=statement_timeout');
    expect(res.status).toBe(200);
    expect(res.json).toBe('8s');
  });
});

describe('aggregate functions (pgrst.db_aggregates_enabled = true, set by a migration)', () => {
  it('count() counts the rows; with other fields it counts per group of them', async () => {
    const all = await f.rest('/conf_roles?select=count()', {key: 'anon'});
    expect(all.status).toBe(200);
    expect(all.json).toEqual([{count: 3}]);
    const perFilm = await f.rest('/conf_roles?select=film_id,count()&order=film_id', {key: 'anon'});
    expect(perFilm.json).toEqual([
      {film_id: 1, count: 2},
      {film_id: 2, count: 1},
    ]);
  });

  it('sum, avg, max and min take a column, are named after the function unless aliased, and their result may be cast', async () => {
    const res = await f.rest('/conf_roles?select=film_id,total:actor_id.sum(),actor_id.max(),actor_id.min(),actor_id.avg()::int&order=film_id');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {film_id: 1, total: 3, max: 2, min: 1, avg: 2},
      {film_id: 2, total: 2, max: 2, min: 2, avg: 2},
    ]);
  });

  it('the column may be cast before the aggregate is applied', async () => {
    const res = await f.rest('/conf_roles?select=character::text.max()');
    expect(res.json).toEqual([{max: 'Villain'}]);
    const text = await f.rest('/conf_roles?select=actor_id::text.max()');
    expect(text.json).toEqual([{max: '2'}]);
  });

  it('inside an embed, the aggregate is per parent row', async () => {
    const res = await f.rest('/conf_actors?select=name,conf_roles(count(),film_id.max())&order=id');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {name: 'Ann', conf_roles: [{count: 1, max: 1}]},
      {name: 'Bob', conf_roles: [{count: 2, max: 2}]},
      // Aggregates without groups answer one row even over no rows, as SQL (and PostgREST) do.
      {name: 'Cid', conf_roles: [{count: 0, max: null}]},
    ]);
  });

  it('a to-one embed beside an aggregate is one of the groups', async () => {
    const res = await f.rest('/conf_roles?select=count(),conf_actors(name)');
    expect(res.status).toBe(200);
    const rows = (res.json as {count: number; conf_actors: {name: string}}[]).sort((a, b) => a.conf_actors.name.localeCompare(b.conf_actors.name));
    expect(rows).toEqual([
      {count: 1, conf_actors: {name: 'Ann'}},
      {count: 2, conf_actors: {name: 'Bob'}},
    ]);
  });

  it('Prefer: count=exact counts the groups', async () => {
    const res = await f.rest('/conf_roles?select=film_id,count()', {headers: {prefer: 'count=exact'}});
    expect(res.headers.get('content-range')).toBe('0-1/2');
  });
});

describe('Prefer: tx (pgrst.db_tx_end = commit-allow-override, set by a migration)', () => {
  const count = async () => (await f.rest('/conf_items?select=id', {headers: {prefer: 'count=exact'}})).headers.get('content-range');

  it('tx=rollback answers the write as made, then rolls it back', async () => {
    const before = await count();
    const res = await f.rest('/conf_items?select=name,qty', {
      method: 'POST',
      body: JSON.stringify({name: 'never kept'}),
      headers: {prefer: 'return=representation, tx=rollback'},
      key: 'anon',
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual([{name: 'never kept', qty: 7}]);
    expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect(await count()).toBe(before);
  });

  it('tx=commit keeps it', async () => {
    const res = await f.rest('/conf_items', {method: 'POST', body: JSON.stringify({name: 'kept'}), headers: {prefer: 'tx=commit'}, key: 'anon'});
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('tx=commit');
    const kept = await f.rest('/conf_items?select=name&name=eq.kept');
    expect(kept.json).toEqual([{name: 'kept'}]);
  });
});
