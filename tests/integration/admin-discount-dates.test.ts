// `npm run admin -- discount …` and dates, against local-supabase: a code whose last day is over is
// refused (the README's own example once created one), and `discount list` says "expired" for a
// code the checkout refuses as expired instead of "active".
import {describe, expect, it} from 'vitest';
import {backend, signedInUser} from './clients';
import {UsageError, runAdmin} from '../../scripts/admin';

describe('npm run admin -- discount and dates', () => {
  const connection = () => ({url: backend().url, serviceRoleKey: backend().serviceRoleKey});
  const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

  it('refuses an expiry date that is already over, and creates nothing', async () => {
    const code = uniqueCode('PAST');
    const refused = runAdmin(['discount', 'create', code, '20', '--expires', '2026-06-30'], connection(), new Date('2026-11-26T12:00:00Z'));
    await expect(refused).rejects.toBeInstanceOf(UsageError);
    await expect(refused).rejects.toThrow('--expires 2026-06-30 is already over (today is 2026-11-26 UTC)');
    expect((await runAdmin(['discount', 'list'], connection())).some((line) => line.startsWith(`${code}\t`))).toBe(false);
  });

  it('lists a code past its last day as expired, as the checkout treats it', async () => {
    const code = uniqueCode('OLD');
    // Created on 2026-06-01 to work until 2026-06-30; listed on 2026-07-01.
    await runAdmin(['discount', 'create', code, '20', '--expires', '2026-06-30'], connection(), new Date('2026-06-01T00:00:00Z'));
    const lines = await runAdmin(['discount', 'list'], connection(), new Date('2026-07-01T00:00:00Z'));
    expect(lines).toContain(`${code}\t20%\texpired\t0/∞\t2026-06-30T23:59:59+00:00`);
    const {client} = await signedInUser();
    expect((await client.rpc('check_discount_code', {p_code: code})).data).toMatchObject({percent_off: null, message: 'This discount code has expired'});
  });

  it('a code created for today works until the end of the day (UTC)', async () => {
    const code = uniqueCode('TODAY');
    const today = new Date().toISOString().slice(0, 10);
    expect(await runAdmin(['discount', 'create', code, '10', '--expires', today], connection())).toEqual([`Created ${code}: 10% off, until ${today} (UTC).`]);
    expect((await runAdmin(['discount', 'list'], connection())).find((line) => line.startsWith(`${code}\t`))).toMatch(new RegExp(`^${code}\\t10%\\tactive\\t`));
  });
});
