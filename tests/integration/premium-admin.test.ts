// The admin CLI (scripts/admin.ts) against local-supabase: roles through the auth admin API and
// discount codes through the service role.
import {describe, expect, it} from 'vitest';
import {backend, signedInUser} from './clients';
import {UsageError, runAdmin} from '../../scripts/admin';
import {invoke, redemptionsOf} from './premiumHelpers';

describe('npm run admin', () => {
  const connection = () => ({url: backend().url, serviceRoleKey: backend().serviceRoleKey});

  it('promotes and demotes by e-mail', async () => {
    const buyer = await signedInUser();
    const {client, email} = await signedInUser();
    expect((await client.from('subscription_transactions').select('*').eq('user_id', buyer.user.id)).data).toEqual([]);
    expect(await runAdmin(['promote', email], connection())).toEqual([expect.stringContaining('is now an admin')]);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.data.user?.app_metadata.role).toBe('admin');
    expect(refreshed.data.user?.app_metadata.provider).toBe('email');
    await runAdmin(['demote', email.toUpperCase()], connection());
    const again = await client.auth.refreshSession();
    expect(again.data.user?.app_metadata.role).toBeUndefined();
    await expect(runAdmin(['promote', 'nobody@example.com'], connection())).rejects.toBeInstanceOf(UsageError);
  });

  it('creates discount codes the functions accept', async () => {
    const code = `CLI${Date.now().toString(36).toUpperCase()}`;
    expect(await runAdmin(['discount', 'create', code.toLowerCase(), '30', '--max', '2', '--expires', '2999-12-31'], connection())).toEqual([
      `Created ${code}: 30% off, 2 uses, until 2999-12-31 (UTC).`,
    ]);
    await expect(runAdmin(['discount', 'create', code, '30'], connection())).rejects.toThrow('already exists');
    await expect(runAdmin(['discount', 'create', code, '150'], connection())).rejects.toBeInstanceOf(UsageError);
    const {client} = await signedInUser();
    const created = await invoke(client, 'create-subscription', {discountCode: code});
    expect(created.data).toMatchObject({amount: 34.3, percentOff: 30});
    // An open checkout holds a use; it counts once paid.
    expect(await redemptionsOf(code)).toBe(0);
    expect((await runAdmin(['discount', 'list'], connection())).some((l) => l.startsWith(`${code}\t30%\tactive\t0/2`))).toBe(true);
    await runAdmin(['discount', 'disable', code], connection());
    expect((await client.rpc('check_discount_code', {p_code: code})).data).toEqual({percent_off: null, message: 'Unknown discount code'});
  });
});
