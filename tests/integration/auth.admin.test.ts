// The admin users API through supabase.auth.admin with the service_role key.
import {describe, expect, it} from 'vitest';
import {anonClient, authFetch, backend, serviceClient, signedInUser, uniqueEmail} from './clients';

describe('admin users API', () => {
  it('creates, gets, updates and deletes users', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({
      email,
      password: 'secret12',
      email_confirm: true,
      user_metadata: {full_name: 'Ann Admin'},
      app_metadata: {plan: 'x'},
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect(created.data.user?.app_metadata).toMatchObject({provider: 'email', providers: ['email'], plan: 'x'});

    const duplicate = await admin.createUser({email, password: 'secret12'});
    expect(duplicate.error?.code).toBe('email_exists');
    expect(duplicate.error?.status).toBe(422);

    const got = await admin.getUserById(id);
    expect(got.data.user?.user_metadata.full_name).toBe('Ann Admin');

    const updated = await admin.updateUserById(id, {
      app_metadata: {role: 'admin', plan: null},
      user_metadata: {full_name: 'Ann B'},
      password: 'changed-pass',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toMatchObject({role: 'admin', provider: 'email'});
    expect(updated.data.user?.app_metadata).not.toHaveProperty('plan');
    expect(updated.data.user?.user_metadata.full_name).toBe('Ann B');

    const signIn = await anonClient().auth.signInWithPassword({email, password: 'changed-pass'});
    expect(signIn.error).toBeNull();
    const claims = JSON.parse(Buffer.from(signIn.data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.app_metadata.role).toBe('admin');

    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    expect((await admin.getUserById(id)).error?.status).toBe(404);
    expect((await anonClient().auth.signInWithPassword({email, password: 'changed-pass'})).error?.code).toBe('invalid_credentials');
    expect((await authFetch('/user', {token: signIn.data.session!.access_token})).status).toBe(403);
  });

  it('bans and unbans', async () => {
    const admin = serviceClient().auth.admin;
    const {user, email, password, session} = await signedInUser();
    const banned = await admin.updateUserById(user.id, {ban_duration: '24h'});
    expect(banned.error).toBeNull();
    expect(new Date(banned.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const signIn = await anonClient().auth.signInWithPassword({email, password});
    expect(signIn.error?.code).toBe('user_banned');
    expect((await authFetch('/user', {token: session.access_token})).status).toBe(403);
    const refresh = await authFetch('/token?grant_type=refresh_token', {method: 'POST', body: JSON.stringify({refresh_token: session.refresh_token})});
    expect(refresh.status).toBe(400);

    const badDuration = await admin.updateUserById(user.id, {ban_duration: 'forever'});
    expect(badDuration.error?.status).toBe(400);

    const unbanned = await admin.updateUserById(user.id, {ban_duration: 'none'});
    expect(unbanned.error).toBeNull();
    expect(unbanned.data.user?.banned_until).toBeUndefined();
    expect((await anonClient().auth.signInWithPassword({email, password})).error).toBeNull();
  });

  it('confirms an e-mail on request', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('unconfirmed');
    const created = await admin.createUser({email, password: 'secret12'});
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    expect((await anonClient().auth.signInWithPassword({email, password: 'secret12'})).error?.code).toBe('email_not_confirmed');
    await admin.updateUserById(created.data.user!.id, {email_confirm: true});
    expect((await anonClient().auth.signInWithPassword({email, password: 'secret12'})).error).toBeNull();
  });

  it('lists users with pagination headers', async () => {
    const admin = serviceClient().auth.admin;
    await signedInUser();
    await signedInUser();
    const page1 = await admin.listUsers({page: 1, perPage: 1});
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(1);
    expect((page1.data as unknown as {total: number}).total).toBeGreaterThanOrEqual(2);
    expect((page1.data as unknown as {nextPage: number}).nextPage).toBe(2);
    const page2 = await admin.listUsers({page: 2, perPage: 1});
    expect(page2.data.users[0]?.id).not.toBe(page1.data.users[0]?.id);

    const raw = await fetch(`${backend().url}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: {apikey: backend().serviceRoleKey, authorization: `Bearer ${backend().serviceRoleKey}`},
    });
    expect(raw.headers.get('x-total-count')).toMatch(/^\d+$/);
    expect(raw.headers.get('link')).toContain('rel="last"');
    expect(await raw.json()).toMatchObject({aud: 'authenticated'});
  });

  it('answers unknown ids with 404 and refuses non-admin tokens', async () => {
    const admin = serviceClient().auth.admin;
    expect((await admin.getUserById('00000000-0000-4000-8000-000000000000')).error?.status).toBe(404);
    const anon = await authFetch('/admin/users', {token: backend().anonKey});
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({code: 'not_admin'});
    const badBody = await fetch(`${backend().url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {apikey: backend().serviceRoleKey, authorization: `Bearer ${backend().serviceRoleKey}`, 'content-type': 'application/json'},
      body: '{"email":',
    });
    expect(badBody.status).toBe(400);
  });

  // GoTrue's Invite and generate_link(type=invite) make the user from SignupParams{Data} and put the
  // claims (sub, email, email_verified, phone_verified) in the new identity only.
  it('keeps an invited user\'s user_metadata to the data given, by /invite and generateLink(invite) alike', async () => {
    const admin = serviceClient().auth.admin;
    const invited = uniqueEmail('invited-meta');
    const byInvite = await admin.inviteUserByEmail(invited, {data: {full_name: 'Invited'}});
    expect(byInvite.error).toBeNull();
    expect(byInvite.data.user?.user_metadata).toEqual({full_name: 'Invited'});
    expect(byInvite.data.user?.identities?.[0]?.identity_data).toMatchObject({sub: byInvite.data.user?.id, email: invited});
    const linked = uniqueEmail('linked-meta');
    const byLink = await admin.generateLink({type: 'invite', email: linked, options: {data: {full_name: 'Linked'}}});
    expect(byLink.error).toBeNull();
    expect(byLink.data.user?.user_metadata).toEqual({full_name: 'Linked'});
    const bare = await admin.inviteUserByEmail(uniqueEmail('invited-bare'));
    expect(bare.data.user?.user_metadata).toEqual({});
  });
});
