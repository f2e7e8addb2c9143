import {describe, expect, it} from 'vitest';
import {ACCESS_CASES} from '../shared/premiumAccessCases';
import {hasPremiumAccess, isActiveSubscription, premiumEndedOn} from '../../src/lib/premiumAccess';

describe('premiumAccess', () => {
  it.each(ACCESS_CASES)('$label', (c) => {
    const now = new Date();
    expect(hasPremiumAccess(c, now)).toBe(c.premium);
    expect(isActiveSubscription(c, now)).toBe(c.active);
    expect(premiumEndedOn(c, now)).toBe(c.ended ? c.subscription_end_date : null);
  });

  it('has no access without a profile or with an unreadable date', () => {
    expect(hasPremiumAccess(null)).toBe(false);
    expect(hasPremiumAccess({subscription_status: 'active', subscription_end_date: 'not a date'})).toBe(false);
    expect(premiumEndedOn(undefined)).toBeNull();
  });

  it('takes "now" as a Date or epoch milliseconds', () => {
    const profile = {subscription_status: 'active', subscription_end_date: '2030-01-01T00:00:00Z'};
    expect(hasPremiumAccess(profile, Date.parse('2029-12-31T23:59:59Z'))).toBe(true);
    expect(hasPremiumAccess(profile, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});
