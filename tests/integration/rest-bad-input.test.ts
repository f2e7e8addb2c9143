// Bad input against /rest/v1 gets a 4xx in PostgREST's {code, details, hint, message} shape, never
// a 500, never a half-written row, and the server keeps serving afterwards.
import {afterAll, describe, expect, it} from 'vitest';
import {anonClient, backend, serviceClient, signedInUser} from './clients';
import {uploadRefused} from './uploadRefused';

async function rest(path: string, init: {method?: string; body?: string; headers?: Record<string, string>; key?: 'anon' | 'service'} = {}) {
  const {url, anonKey, serviceRoleKey} = backend();
  const key = init.key === 'service' ? serviceRoleKey : anonKey;
  const res = await fetch(`${url}/rest/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers},
    body: init.body,
  });
  const text = await res.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return {status: res.status, headers: res.headers, text, body};
}

function expectPostgrestError(body: Record<string, unknown> | null, code: string) {
  expect(body).not.toBeNull();
  expect(Object.keys(body!).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(body!.code).toBe(code);
}

describe('bad input', () => {
  it('malformed or empty JSON bodies → 400 PGRST102', async () => {
    for (const body of ['{"slug": ', 'not json', '', '42']) {
      const res = await rest('/courses', {method: 'POST', body, key: 'service'});
      expect(res.status, body).toBe(400);
      expectPostgrestError(res.body, 'PGRST102');
      expect(res.body!.message).toBe('Empty or invalid json');
    }
    // An array's rows must all be objects with the same keys.
    for (const body of ['[{"slug":"a-b","title":"x"},{"slug":"c-d"}]', '[1, 2]', '[{"slug":"a-b","title":"x"}, null]']) {
      const mismatched = await rest('/courses', {method: 'POST', body, key: 'service'});
      expect(mismatched.status, body).toBe(400);
      expect(mismatched.body, body).toMatchObject({code: 'PGRST102', message: 'All object keys must match'});
    }
  });

  it('unknown tables → 404 PGRST205, unknown columns → 400', async () => {
    const table = await rest('/no_such_table');
    expect(table.status).toBe(404);
    expect(table.body).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.no_such_table' in the schema cache",
    });
    const select = await anonClient().from('courses').select('id, no_such_column');
    expect(select.status).toBe(400);
    expect(select.error).toMatchObject({code: '42703', message: 'column courses.no_such_column does not exist'});
    const filter = await anonClient().from('courses').select('id').eq('no_such_column', 1);
    expect(filter.status).toBe(400);
    expect(filter.error!.code).toBe('42703');
    const order = await anonClient().from('courses').select('id').order('no_such_column');
    expect(order.status).toBe(400);
    const insert = await serviceClient().from('courses').insert({slug: 'x-y', title: 't', no_such_column: 1});
    expect(insert.status).toBe(400);
    expect(insert.error).toMatchObject({code: 'PGRST204', message: "Could not find the 'no_such_column' column of 'courses' in the schema cache"});
    const auth = await rest('/users');
    expect(auth.status).toBe(404);
  });

  it('bad filter, select, order and logic-tree syntax → 400 PGRST100', async () => {
    const cases = [
      '/courses?id=xx.1',
      '/courses?id=eq',
      '/courses?select=id,lessons(slug',
      '/courses?select=id,,slug',
      '/courses?select=id)',
      '/courses?order=id.sideways',
      '/courses?or=(id.eq.1',
      '/courses?or=id.eq.1',
      '/courses?id=in.(1,2',
      '/courses?is_active=is.maybe',
      '/courses?limit=ten',
    ];
    for (const path of cases) {
      const res = await rest(path);
      expect(res.status, path).toBe(400);
      expectPostgrestError(res.body, 'PGRST100');
      expect(res.body!.message as string, path).toMatch(/^"failed to parse .*\(line 1, column \d+\)$/);
    }
  });

  it('values that do not fit the column type → 400 22P02', async () => {
    const res = await anonClient().from('courses').select('id').eq('id', 'abc');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({code: '22P02', message: 'invalid input syntax for type bigint: "abc"'});
    const uuid = await anonClient().from('lessons').select('id').eq('course_id', '1; drop table lessons');
    expect(uuid.status).toBe(400);
  });

  it('SQL-looking values are just values', async () => {
    const evil = "'; drop table courses; --";
    const db = anonClient();
    for (const q of [
      db.from('courses').select('id').eq('slug', evil),
      db.from('courses').select('id').ilike('title', `%${evil}%`),
      db.from('courses').select('id').in('slug', [evil, 'x)', 'a,b']),
      db.from('courses').select('id').or(`slug.eq."${evil.replace(/"/g, '')}",title.eq.x`),
      db.from('courses').select('id').eq('slug', 'a\\"b"); drop table courses; --'),
    ]) {
      const {data, error} = await q;
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const quotedColumn = await rest(`/courses?select=${encodeURIComponent('id,"slug; drop table courses"')}`);
    expect(quotedColumn.status).toBe(400);
    const insert = await serviceClient().from('courses').insert({slug: 'safe-slug', title: evil}).select('title').single();
    expect(insert.error).toBeNull();
    expect(insert.data).toEqual({title: evil});
    await serviceClient().from('courses').delete().eq('slug', 'safe-slug');
    const {count} = await db.from('courses').select('*', {count: 'exact', head: true});
    expect(count).toBeGreaterThanOrEqual(7);
  });

  it('oversized bodies → 413 before any work', async () => {
    const body = JSON.stringify({slug: 'big-one', title: 'x'.repeat(2 * 1024 * 1024)});
    const {url, serviceRoleKey} = backend();
    const {status} = await uploadRefused(
      `${url}/rest/v1/courses`,
      {apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body))},
      (req) => req.end(body),
    );
    expect(status).toBe(413);
    const none = await serviceClient().from('courses').select('id').eq('slug', 'big-one');
    expect(none.data).toEqual([]);
  });

  it('invalid JWTs → 401 with WWW-Authenticate', async () => {
    const {url, anonKey} = backend();
    const {session} = await signedInUser();
    const userToken = session.access_token;
    const [header, payload] = userToken.split('.') as [string, string];
    const none = `${Buffer.from(JSON.stringify({alg: 'none', typ: 'JWT'})).toString('base64url')}.${Buffer.from(
      JSON.stringify({role: 'service_role'}),
    ).toString('base64url')}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({role: 'service_role', iss: 'supabase-local'})).toString('base64url')}.${userToken.split('.')[2]}`;
    for (const token of ['garbage', none, tampered, `${header}.${payload}.AAAA`]) {
      const res = await fetch(`${url}/rest/v1/courses`, {headers: {apikey: anonKey, authorization: `Bearer ${token}`}});
      expect(res.status, token).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
      const body = (await res.json()) as Record<string, unknown>;
      expect(['PGRST301', 'PGRST303']).toContain(body.code);
    }
  });

  it('unknown schema, media type and RPC method are refused in PostgREST format', async () => {
    const schema = await rest('/courses', {headers: {'accept-profile': 'auth'}});
    expect(schema.status).toBe(406);
    expectPostgrestError(schema.body, 'PGRST106');
    const html = await rest('/courses', {headers: {accept: 'text/html'}});
    expect(html.status).toBe(406);
    expect(html.body).toEqual({code: 'PGRST107', details: null, hint: null, message: 'None of these media types are available: text/html'});
    const put = await rest('/rpc/is_admin', {method: 'PUT', body: '{}'});
    expect(put.status).toBe(405);
    expectPostgrestError(put.body, 'PGRST101');
  });

  afterAll(async () => {
    // After all of the above the server still answers normally.
    const {data, error} = await anonClient().from('courses').select('slug').eq('slug', 'research-overview').single();
    expect(error).toBeNull();
    expect(data).toEqual({slug: 'research-overview'});
  });
});
