// The Management API's SQL endpoint in local-supabase: the secret key runs one statement as the
// database owner (what no API role may do, e.g. reading auth's tables); nothing else may call it.
import {describe, expect, it} from 'vitest';
import {databaseQuery} from '../../scripts/lib/databaseQuery';
import {backend, signedInUser} from './clients';

const endpoint = () => `${backend().url}/v1/projects/local/database/query`;
const post = (authorization: string | null, body: unknown) =>
  fetch(endpoint(), {
    method: 'POST',
    headers: {'content-type': 'application/json', ...(authorization === null ? {} : {authorization})},
    body: JSON.stringify(body),
  });

describe('POST /v1/projects/{ref}/database/query', () => {
  it('runs a statement as the database owner and answers 201 with its rows', async () => {
    const {user} = await signedInUser();
    const rows = await databaseQuery<{user_id: string; owner: string}>(
      backend(),
      `select user_id::text, current_user as owner from auth.refresh_tokens where user_id = '${user.id}'`,
    );
    expect(rows).toEqual([{user_id: user.id, owner: expect.any(String) as unknown}]);
    expect(['postgres', 'supabase_admin']).toContain(rows[0]?.owner);
  });

  it('refuses a caller without the secret key, another method and a bad query', async () => {
    const query = {query: 'select 1'};
    expect((await post(null, query)).status).toBe(401);
    expect((await post(`Bearer ${backend().anonKey}`, query)).status).toBe(401);
    const {session} = await signedInUser();
    expect((await post(`Bearer ${session.access_token}`, query)).status).toBe(401);
    expect((await fetch(endpoint(), {headers: {authorization: `Bearer ${backend().serviceRoleKey}`}})).status).toBe(405);
    const empty = await post(`Bearer ${backend().serviceRoleKey}`, {query: ' '});
    expect(empty.status).toBe(400);
    const wrong = await post(`Bearer ${backend().serviceRoleKey}`, {query: 'select * from no_such_table'});
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as {message: string}).message).toMatch(/^Failed to run sql query: ERROR: {2}42P01: relation "no_such_table" does not exist/);
  });
});
