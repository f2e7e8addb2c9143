// local-supabase reuses one compiled (on PGlite, prepared) statement for every request of the same
// shape. Each request must still be its own transaction under its own caller: row security per
// request, and a failing request (bad value, refused cardinality, raised error) leaves nothing
// behind for the requests after it or beside it.
import {beforeAll, describe, expect, it} from 'vitest';
import type {SupabaseClient} from '@supabase/supabase-js';
import {anonClient, serviceClient, signedInUser} from './clients';

let a: {client: SupabaseClient; id: string};
let b: {client: SupabaseClient; id: string};

beforeAll(async () => {
  const [ua, ub] = await Promise.all([signedInUser({fullName: 'Reader A'}), signedInUser({fullName: 'Reader B'})]);
  a = {client: ua.client, id: ua.user.id};
  b = {client: ub.client, id: ub.user.id};
});

/** The profile ids the caller can read; anon has no grant on profiles at all ('42501'). */
async function ownProfiles(client: SupabaseClient): Promise<string[] | string> {
  const {data, error} = await client.from('profiles').select('id, full_name');
  if (error) return error.code;
  return (data as {id: string}[]).map((r) => r.id);
}

describe('requests sharing one statement', () => {
  it('each see only their caller’s rows, concurrently and in turn', async () => {
    const anon = anonClient();
    const callers = [a, b, {client: anon, id: null}];
    const results = await Promise.all(
      Array.from({length: 45}, async (_, i) => {
        const caller = callers[i % 3] as {client: SupabaseClient; id: string | null};
        return {expected: caller.id === null ? '42501' : [caller.id], got: await ownProfiles(caller.client)};
      }),
    );
    for (const {expected, got} of results) expect(got).toEqual(expected);
  });

  it('are unaffected by a request of the same shape that failed before them', async () => {
    const bad = await a.client.from('profiles').select('id').eq('id', 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22P02');
    const good = await a.client.from('profiles').select('id').eq('id', a.id);
    expect(good.status).toBe(200);
    expect(good.data).toEqual([{id: a.id}]);
    // Nor is the next caller: the failed request's role and claims ended with it.
    expect(await ownProfiles(anonClient())).toBe('42501');
    expect(await ownProfiles(b.client)).toEqual([b.id]);
  });

  it('roll back a write refused after it ran, and the next write goes through', async () => {
    const service = serviceClient();
    // Two rows where the caller asked for exactly one: PostgREST answers 406 and undoes the update.
    const refused = await service.from('profiles').update({full_name: 'Renamed'}).in('id', [a.id, b.id]).select('id').single();
    expect(refused.status).toBe(406);
    expect(refused.error?.code).toBe('PGRST116');
    const after = await service.from('profiles').select('id, full_name').in('id', [a.id, b.id]).order('full_name');
    expect(after.data).toEqual([
      {id: a.id, full_name: 'Reader A'},
      {id: b.id, full_name: 'Reader B'},
    ]);
    const renamed = await a.client.from('profiles').update({full_name: 'Reader A2'}).eq('id', a.id).select('full_name').single();
    expect(renamed.status).toBe(200);
    expect(renamed.data).toEqual({full_name: 'Reader A2'});
  });

  it('answer correctly while failing requests run beside them', async () => {
    const batch = await Promise.all(
      Array.from({length: 30}, async (_, i) => {
        if (i % 3 === 0) return (await a.client.rpc('track_lesson_progress', {p_course_slug: 'no-such-course', p_lesson_slug: 'x', p_seconds: 1})).status;
        if (i % 3 === 1) return (await b.client.from('profiles').select('id').eq('id', 'still-not-a-uuid')).status;
        return (await ownProfiles(i % 2 ? a.client : b.client)).length === 1 ? 200 : 500;
      }),
    );
    expect(batch.filter((s, i) => i % 3 === 2 && s !== 200)).toEqual([]);
    expect(batch.filter((s, i) => i % 3 !== 2 && s !== 400)).toEqual([]);
  });
});
