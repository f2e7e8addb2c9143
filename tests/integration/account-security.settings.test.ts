// The other side of the [auth.email] settings, on a backend started with them switched:
// secure_password_change on (and every session counted as old, so a nonce is always needed) and
// double_confirm_changes off (the new address alone confirms; the old one gets nothing, as from
// GoTrue). Rate
// limits are GoTrue's real ones here, so the MFA limit can be seen to bite.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {anonClient, authFetch, followLink, latestMail, mailCount, signedInUser, uniqueEmail, type Target} from './clients';
import {startBackend, type Backend} from './harness';

let server: Backend;
let target: Target;

beforeAll(async () => {
  server = await startBackend({
    rateLimitScale: 1,
    env: {
      GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: 'true',
      GOTRUE_REAUTHENTICATION_WINDOW: '0',
      GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED: 'false',
      MAILER_MAX_FREQUENCY: '0',
    },
  });
  target = server;
});

afterAll(async () => {
  await server?.stop();
});

const codeIn = (text: string) => /Your code: (\d{6})/.exec(text)?.[1] ?? '';

describe('password change with secure_password_change', () => {
  it('needs the e-mailed nonce, checks it once, and signs out the other devices', async () => {
    const {client, email, password} = await signedInUser({target});
    const other = anonClient(target);
    await other.auth.signInWithPassword({email, password});

    const bare = await client.auth.updateUser({password: 'a-brand-new-password'});
    expect(bare.error).toMatchObject({code: 'reauthentication_needed', status: 400, message: 'Password update requires reauthentication'});
    // Without proof, GoTrue does not tell whether the new password is the current one.
    expect((await client.auth.updateUser({password})).error).toMatchObject({code: 'reauthentication_needed', status: 400});
    expect((await client.auth.updateUser({password: '123'})).error).toMatchObject({code: 'weak_password', status: 422});

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await latestMail(email, target);
    expect(mail.link).toBe('');
    const nonce = codeIn(mail.text);
    expect(nonce).toMatch(/^\d{6}$/);
    const wrong = await client.auth.updateUser({password: 'a-brand-new-password', nonce: nonce === '000000' ? '111111' : '000000'});
    expect(wrong.error).toMatchObject({code: 'reauthentication_not_valid', status: 422, message: 'Nonce has expired or is invalid'});

    const changed = await client.auth.updateUser({password: 'a-brand-new-password', nonce});
    expect(changed.error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).data.user).toBeNull();
    expect((await anonClient(target).auth.signInWithPassword({email, password: 'a-brand-new-password'})).error).toBeNull();

    // The nonce is spent.
    const again = await client.auth.updateUser({password: 'yet-another-password', nonce});
    expect(again.error?.code).toBe('reauthentication_not_valid');
  });

  it('reauthentication needs a signed-in caller', async () => {
    expect((await anonClient(target).auth.reauthenticate()).error).not.toBeNull();
  });
});

describe('e-mail change with double_confirm_changes off', () => {
  it('completes from the new address alone, mailing only the new address as GoTrue does', async () => {
    const {client, email, password} = await signedInUser({target});
    const newEmail = uniqueEmail('single');
    const before = await mailCount(email, target);
    expect((await client.auth.updateUser({email: newEmail})).error).toBeNull();
    const mail = await latestMail(newEmail, target);
    expect(mail.subject).toBe('Confirm the new e-mail address of your Research Methods Academy account');
    expect(await mailCount(email, target)).toBe(before);
    const done = await followLink((await latestMail(newEmail, target)).link);
    expect(done.fragment.get('type')).toBe('email_change');
    expect((await anonClient(target).auth.signInWithPassword({email: newEmail, password})).error).toBeNull();
  });
});

// Last in the file: it empties this address's MFA bucket.
describe('MFA verification rate limit', () => {
  it('answers GoTrue\'s 429 over_request_rate_limit once the per-IP burst is spent', async () => {
    const {client, session} = await signedInUser({target});
    const {data} = await client.auth.mfa.enroll({factorType: 'totp'});
    const factorId = data!.id;
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 40 && !statuses.includes(429); i += 1) {
      const response = await authFetch(
        `/factors/${factorId}/verify`,
        {method: 'POST', token: session.access_token, body: JSON.stringify({challenge_id: '00000000-0000-4000-8000-000000000000', code: '000000'})},
        target,
      );
      statuses.push(response.status);
      last = (await response.json()) as Record<string, unknown>;
    }
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(last).toMatchObject({code: 'over_request_rate_limit', msg: 'Request rate limit reached'});
  });
});
