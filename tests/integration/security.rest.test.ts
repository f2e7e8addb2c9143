// Attacks on /rest/v1 with the anon key: user text reaches SQL only as a bind parameter or a name
// checked against the catalogue; anything else is PostgREST's 400, and nothing leaks.
import {describe, expect, it} from 'vitest';
import {backend} from './clients';

async function anonGet(pathAndQuery: string, headers: Record<string, string> = {}) {
  const {url, anonKey} = backend();
  const res = await fetch(`${url}/rest/v1${pathAndQuery}`, {headers: {apikey: anonKey, ...headers}});
  const text = await res.text();
  return {status: res.status, text, body: JSON.parse(text) as unknown};
}

const select = (value: string) => `/courses?select=${encodeURIComponent(value)}`;

describe('select casts and quoted names', () => {
  it('cannot smuggle SQL through a cast after an escaped quote', async () => {
    const attack = '"a\\"b":title::text from courses where false union select rolname from pg_roles union select title';
    const res = await anonGet(select(attack));
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/service_role|authenticator|pg_read_all/);
  });

  it('keeps whitespace and escaped quotes inside a quoted alias', async () => {
    const res = await anonGet(`${select('"a \\"b":title')}&limit=1`);
    expect(res.status).toBe(200);
    expect(Object.keys((res.body as Record<string, unknown>[])[0] ?? {})).toEqual(['a "b']);
  });

  it('resolves cast names against the catalogue, SQL spellings included', async () => {
    const res = await anonGet(`${select('id::text,order_index::integer,title::TEXT,slug::varchar')}&limit=1`);
    expect(res.status).toBe(200);
    const [row] = res.body as {id: unknown; order_index: unknown}[];
    expect(typeof row?.id).toBe('string');
    expect(typeof row?.order_index).toBe('number');
  });

  it('answers an unknown cast type with 42704 and a cast with spaces or symbols with PGRST100', async () => {
    const unknown = await anonGet(select('title::nosuchtype'));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({code: '42704', message: 'type "nosuchtype" does not exist'});

    for (const cast of ['title::text)--', 'title::text;select 1', 'title::"text"', 'title::']) {
      const res = await anonGet(select(cast));
      expect(res.status, cast).toBe(400);
      expect(res.body, cast).toMatchObject({code: 'PGRST100'});
    }
  });
});

describe('other places user text meets SQL', () => {
  it('answers oversized limit, offset, Range and JSON index values with 4xx, never a 500', async () => {
    expect((await anonGet('/courses?limit=999999999999999999999')).body).toMatchObject({code: 'PGRST100'});
    expect((await anonGet('/courses?offset=1e9')).body).toMatchObject({code: 'PGRST100'});
    const range = await anonGet('/courses', {range: '0-99999999999999999999'});
    expect(range.status).toBeLessThan(500);
    const index = await anonGet(`/courses?select=${encodeURIComponent('title->99999999999')}`);
    expect(index.status).toBeLessThan(500);
  });

  it('treats quotes in filters, order, aliases and embed hints as data or as unknown names', async () => {
    const filter = await anonGet(`/courses?slug=eq.${encodeURIComponent("x' or '1'='1")}`);
    expect(filter.status).toBe(200);
    expect(filter.body).toEqual([]);
    const order = await anonGet(`/courses?order=${encodeURIComponent('"title;drop table courses"')}`);
    expect(order.status).toBe(400);
    expect(order.body).toMatchObject({code: '42703'});
    const alias = await anonGet(`${select('"x\\" from pg_roles --":title')}&limit=1`);
    expect(alias.status).toBe(200);
    expect(Object.keys((alias.body as Record<string, unknown>[])[0] ?? {})).toEqual(['x" from pg_roles --']);
    const hint = await anonGet(select('title,lessons!"x)--"(title)'));
    expect(hint.status).toBe(400);
    expect(hint.body).toMatchObject({code: 'PGRST200'});
    const fts = await anonGet(`/courses?title=fts(${encodeURIComponent("english'")}).x`);
    expect(fts.status).toBe(400);
    expect(fts.body).toMatchObject({code: 'PGRST100'});
  });
});
