// Schema profiles and aggregates as the product's own backend serves them (supabase/config.toml,
// its migrations): PostgREST's getSchema reads Content-Profile on writes and Accept-Profile
// otherwise, among `[api] schemas`; aggregates are refused while pgrst.db_aggregates_enabled is
// unset, as it is in our migrations.
import {describe, expect, it} from 'vitest';
import {anonClient, backend} from './clients';

async function rest(path: string, init: {method?: string; body?: string; headers?: Record<string, string>} = {}) {
  const {url, anonKey} = backend();
  const res = await fetch(`${url}/rest/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json', ...init.headers},
    body: init.body,
  });
  const text = await res.text();
  return {status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as unknown) : null};
}

describe('schema profiles ([api] schemas = public, graphql_public)', () => {
  it('a schema outside the list is 406 PGRST106 naming it and the exposed ones', async () => {
    const res = await rest('/courses?select=slug', {headers: {'accept-profile': 'private'}});
    expect(res.status).toBe(406);
    expect(res.json).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public, graphql_public',
      message: 'Invalid schema: private',
    });
    const {error} = await anonClient().schema('private').from('courses').select('slug');
    expect(error).toMatchObject({code: 'PGRST106', message: 'Invalid schema: private'});
  });

  it('reads take Accept-Profile and writes Content-Profile; the other header is not looked at', async () => {
    const read = await rest('/courses?select=slug&limit=1', {headers: {'content-profile': 'private'}});
    expect(read.status).toBe(200);
    const write = await rest('/rpc/no_such_function', {method: 'POST', body: '{}', headers: {'accept-profile': 'private'}});
    expect(write.status).toBe(404);
    expect(write.json).toMatchObject({code: 'PGRST202'});
    const refused = await rest('/courses', {method: 'POST', body: '{}', headers: {'content-profile': 'private'}});
    expect(refused.status).toBe(406);
    expect(refused.json).toMatchObject({code: 'PGRST106'});
  });

  it('with two schemas exposed the answer names the one used in Content-Profile, asked for or not', async () => {
    const plain = await rest('/courses?select=slug&limit=1');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-profile')).toBe('public');
    const asked = await rest('/courses?select=slug&limit=1', {headers: {'accept-profile': 'public'}});
    expect(asked.headers.get('content-profile')).toBe('public');
  });

  it('graphql_public is exposed but holds no tables here: 404 PGRST205 naming the schema', async () => {
    const res = await rest('/courses?select=slug', {headers: {'accept-profile': 'graphql_public'}});
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({code: 'PGRST205', message: "Could not find the table 'graphql_public.courses' in the schema cache"});
  });
});

describe('aggregates while pgrst.db_aggregates_enabled is unset', () => {
  it.each([
    '/courses?select=count()',
    '/courses?select=slug,count()',
    '/courses?select=order_index.max()',
    '/courses?select=lessons(count())',
    // Recognised before column resolution, at every level: never 42703 for an unknown column.
    '/courses?select=lessons(order_index.sum())',
    '/courses?select=no_such_column.sum()',
    '/courses?select=slug,lessons(no_such_column.sum())',
    '/lessons?select=slug,...courses(order_index.sum())',
    '/lessons?select=slug,...courses(no_such_column.max())',
  ])('%s is 400 PGRST123', async (path) => {
    const res = await rest(path);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed'});
  });

  it('a malformed select is still a parse error first (PGRST100), and rel(count) is no aggregate', async () => {
    expect((await rest('/courses?select=order_index.median()')).json).toMatchObject({code: 'PGRST100'});
    const counted = await rest('/courses?select=slug,lessons(count)&limit=1');
    expect(counted.status).toBe(200);
  });
});
