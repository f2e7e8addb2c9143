// A NUL character (U+0000) in any text an auth route or a function takes is the caller's mistake:
// PostgreSQL cannot store it in text or jsonb, so it must be refused with a 400 before any query,
// never answered with a 5xx, and nothing may be written.
import {describe, expect, it} from 'vitest';
import {authFetch, backend, serviceClient, signedInUser, uniqueEmail} from './clients';
import {invoke} from './premiumHelpers';

const NUL = '\u0000';

type Call = {name: string; method: string; path: string; body?: Record<string, unknown>; as?: 'user' | 'admin'};

/** Every auth route that takes text from the caller, each with a NUL in one of its inputs. */
function calls(email: string): Call[] {
  const nulEmail = `a${NUL}${email}`;
  return [
    {name: 'sign-up e-mail', method: 'POST', path: '/signup', body: {email: nulEmail, password: 'secret-password-1'}},
    {name: 'sign-up password', method: 'POST', path: '/signup', body: {email: uniqueEmail('nul'), password: `secret${NUL}password`}},
    {name: 'sign-up metadata', method: 'POST', path: '/signup', body: {email: uniqueEmail('nul'), password: 'secret-password-1', data: {full_name: `A${NUL}B`}}},
    {name: 'sign-up metadata key', method: 'POST', path: '/signup', body: {email: uniqueEmail('nul'), password: 'secret-password-1', data: {[`k${NUL}`]: 1}}},
    {name: 'sign-up redirect_to', method: 'POST', path: `/signup?redirect_to=${encodeURIComponent(`http://localhost:3000/${NUL}`)}`, body: {email: uniqueEmail('nul'), password: 'secret-password-1'}},
    {name: 'password sign-in', method: 'POST', path: '/token?grant_type=password', body: {email: nulEmail, password: `x${NUL}`}},
    {name: 'refresh', method: 'POST', path: '/token?grant_type=refresh_token', body: {refresh_token: `abc${NUL}`}},
    {name: 'magic link', method: 'POST', path: '/otp', body: {email: nulEmail, create_user: true}},
    {name: 'recover', method: 'POST', path: '/recover', body: {email: nulEmail}},
    {name: 'resend', method: 'POST', path: '/resend', body: {type: 'signup', email: nulEmail}},
    {name: 'verify', method: 'POST', path: '/verify', body: {type: 'email', email, token: `12345${NUL}`}},
    {name: 'verify link', method: 'GET', path: `/verify?type=signup&token=${encodeURIComponent(`abc${NUL}`)}`},
    {name: 'update user e-mail', method: 'PUT', path: '/user', body: {email: nulEmail}, as: 'user'},
    {name: 'update user metadata', method: 'PUT', path: '/user', body: {data: {bio: `x${NUL}`}}, as: 'user'},
    {name: 'enrol factor name', method: 'POST', path: '/factors', body: {factor_type: 'totp', friendly_name: `f${NUL}`}, as: 'user'},
    {name: 'admin create user', method: 'POST', path: '/admin/users', body: {email: nulEmail, password: 'secret-password-1'}, as: 'admin'},
    {name: 'admin user metadata', method: 'POST', path: '/admin/users', body: {email: uniqueEmail('nul'), user_metadata: {a: NUL}}, as: 'admin'},
    {name: 'invite', method: 'POST', path: '/invite', body: {email: nulEmail}, as: 'admin'},
    {name: 'generate link', method: 'POST', path: '/admin/generate_link', body: {type: 'magiclink', email: nulEmail}, as: 'admin'},
  ];
}

describe('a NUL character in auth input', () => {
  it('is refused by every auth route with 400 validation_failed, and creates no user', async () => {
    const target = backend();
    const {session, email} = await signedInUser();
    const failures: string[] = [];
    for (const call of calls(email)) {
      const response = await authFetch(
        call.path,
        {
          method: call.method,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          token: call.as === 'user' ? session.access_token : call.as === 'admin' ? target.serviceRoleKey : undefined,
          apikey: call.as === 'admin' ? target.serviceRoleKey : undefined,
        },
        target,
      );
      const body = (await response.json()) as {code?: unknown};
      if (response.status !== 400 || body.code !== 'validation_failed') failures.push(`${call.name}: ${response.status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
    const {data, error} = await serviceClient(target).auth.admin.listUsers({perPage: 1000});
    expect(error).toBeNull();
    expect(data.users.filter((u) => u.email?.includes(NUL))).toEqual([]);
  });
});

describe('a NUL character in a function body', () => {
  it('is refused with 400 in the functions error format, not a 5xx', async () => {
    const {client} = await signedInUser();
    const created = await invoke(client, 'create-subscription', {discountCode: `SAVE${NUL}10`});
    expect(created).toMatchObject({status: 400, error: 'The request body must not contain NUL characters'});
    const deleted = await invoke(client, 'delete-account', {email: `x${NUL}@example.com`, password: 'x'});
    expect(deleted.status).toBe(400);
  });
});
