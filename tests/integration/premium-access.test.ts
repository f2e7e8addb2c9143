// "Who is Premium" has one answer: SQL public.is_premium() (RLS, paywall) and the site's
// hasPremiumAccess (src/lib/premiumAccess.ts) agree on every case of one table.
import {describe, expect, it} from 'vitest';
import {serviceClient, signedInUser} from './clients';
import {ACCESS_CASES} from '../shared/premiumAccessCases';
import {hasPremiumAccess} from '../../src/lib/premiumAccess';

describe('one definition of Premium', () => {
  it.each(ACCESS_CASES)('$label: SQL and TypeScript agree', async (c) => {
    const {client, user} = await signedInUser();
    const columns = {subscription_status: c.subscription_status, subscription_end_date: c.subscription_end_date};
    const {error} = await serviceClient().from('profiles').update(columns).eq('id', user.id);
    expect(error).toBeNull();
    const {data: own} = await client.from('profiles').select('subscription_status, subscription_end_date').single();
    const sql = (await client.rpc('is_premium')).data as boolean;
    expect(sql).toBe(c.premium);
    expect(hasPremiumAccess(own, new Date())).toBe(sql);
  });
});
