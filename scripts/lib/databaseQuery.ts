// One SQL statement run as the database owner through local-supabase's Management API subset
// (POST /v1/projects/{ref}/database/query, authorised with the secret key): how the integration
// and browser tests set state no API user may set, e.g. a stored timestamp moved into the past
// so a test need not wait for that time to pass.
/** The rows of `query`; `serviceRoleKey` is the secret key (what the test stacks call the service_role key). */
export async function databaseQuery<R = Record<string, unknown>>(target: {url: string; serviceRoleKey: string}, query: string): Promise<R[]> {
  const response = await fetch(`${target.url}/v1/projects/local/database/query`, {
    method: 'POST',
    headers: {authorization: `Bearer ${target.serviceRoleKey}`, 'content-type': 'application/json'},
    body: JSON.stringify({query}),
  });
  const body = (await response.json()) as R[] | {message?: string};
  if (response.status !== 201 || !Array.isArray(body)) throw new Error(`database query failed (${response.status}): ${JSON.stringify(body)}`);
  return body;
}

/**
 * As if the learner had stayed an hour since their last claim of time on a lesson: every row's
 * time_claimed_at moves an hour back, so the database credits what the next send claims (it
 * never credits more than has passed since the last claim). The guard trigger keeps the clock
 * out of API writers' hands, so triggers are off for this one statement.
 */
export async function anHourSinceLastClaim(target: {url: string; serviceRoleKey: string}, userId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new Error(`not a user id: ${userId}`);
  await databaseQuery(
    target,
    `do $$ begin
       perform set_config('session_replication_role', 'replica', true);
       update public.user_lesson_progress set time_claimed_at = time_claimed_at - interval '1 hour'
         where user_id = '${userId}' and time_claimed_at is not null;
     end $$`,
  );
}
