// Deleting an account cascades through the learner's rows, and on PostgreSQL another transaction
// may hold one of them at that moment: a PayPal webhook updating the profile while it checks the
// user. Postgres ends that deadlock by failing one side. When the side it fails is the deletion,
// delete-account must try again, not answer 500 with the account still there. (PGlite runs one
// transaction at a time, so this can only happen on PostgreSQL.)
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {backend, serviceClient, signedInUser} from './clients';
import {invoke} from './premiumHelpers';

const databaseUrl = backend().databaseUrl;

describe.skipIf(!databaseUrl)('delete my account on PostgreSQL', () => {
  // `db` plays the webhook; `watcher` looks on from outside its transaction (inside one,
  // pg_stat_activity keeps showing the moment the transaction first read it).
  let db: pg.Client;
  let watcher: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({connectionString: databaseUrl as string});
    watcher = new pg.Client({connectionString: databaseUrl as string});
    await Promise.all([db.connect(), watcher.connect()]);
    // Postgres fails the side whose deadlock check runs once the cycle exists: the deletion's runs
    // a second after it starts waiting (the server's default); this side's, much later.
    await db.query("set deadlock_timeout = '10s'");
  });
  afterAll(async () => {
    await Promise.all([db.end(), watcher.end()]);
  });

  it('deletes the account although a concurrent transaction deadlocks with the first attempt', {timeout: 30_000}, async () => {
    const {client, email, password, user} = await signedInUser();
    // A webhook's shape: it has updated the profile and will next lock the user it belongs to.
    await db.query('begin');
    await db.query('update public.profiles set updated_at = now() where id = $1', [user.id]);
    const deleting = invoke(client, 'delete-account', {email, password});
    // Wait until the deletion holds the user and waits for the profile.
    await expect
      .poll(
        async () =>
          (
            await watcher.query<{n: number}>(
              "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'delete from auth.users%'",
            )
          ).rows[0]?.n,
        {timeout: 15_000, interval: 50},
      )
      .toBe(1);
    // Now the cycle: Postgres fails the deletion, and this goes on.
    await db.query('select 1 from auth.users where id = $1 for key share', [user.id]);
    await db.query('commit');

    expect(await deleting).toMatchObject({status: 200, data: {deleted: true}});
    expect((await serviceClient().auth.admin.getUserById(user.id)).error?.status).toBe(404);
  });
});
