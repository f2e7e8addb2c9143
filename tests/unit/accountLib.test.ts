import {afterEach, describe, expect, it, vi} from 'vitest';
import {avatarInitial, displayName} from '../../src/lib/displayName';
import {emailError, isValidEmail, newPasswordError, normaliseEmail, signInError, signUpError} from '../../src/lib/validation';
import {capitalise, fetchTransactions, formatMoney, toSubscriptionView} from '../../src/lib/subscription';
import {fetchProfile, updateFullName, type Profile} from '../../src/lib/profile';
import {authStorageKey, readStoredSession, readUrlAuthCallback} from '../../src/lib/storedSession';
import {linkErrorTitle, toLinkError} from '../../src/lib/authMessages';
import {installErrorFilter, isIgnorableError} from '../../src/lib/errorFilter';
import {createFakeSupabase, makeSession, profileRow, storeSession} from './helpers/fakeSupabase';

afterEach(() => window.localStorage.clear());

describe('display name and avatar', () => {
  it('uses the full name, else the part of the e-mail before the @', () => {
    expect(displayName({fullName: 'Ada Lovelace', email: 'ada@example.com'})).toBe('Ada Lovelace');
    expect(displayName({fullName: '  ', email: 'grace.hopper@example.com'})).toBe('grace.hopper');
    expect(displayName({fullName: null, email: 'x@y.z'})).toBe('x');
  });

  it('takes the first letter of the full name, else of the e-mail, upper-cased', () => {
    expect(avatarInitial({fullName: 'ada Lovelace', email: 'zed@example.com'})).toBe('A');
    expect(avatarInitial({fullName: null, email: 'zed@example.com'})).toBe('Z');
    expect(avatarInitial({fullName: '', email: ''})).toBe('?');
  });
});

describe('validation rules', () => {
  it('normalises e-mail: trimmed and lower-cased', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(isValidEmail(' Ada@Example.com ')).toBe(true);
    expect(isValidEmail('not-an-email')).toBe(false);
  });

  it('a link is sent only to an address: none, a malformed one and a good one', () => {
    expect(emailError('   ')).toBe('Please enter your email address');
    expect(emailError('ada@example')).toBe('Please enter a valid email address');
    expect(emailError(' Ada@Example.com ')).toBeNull();
  });

  it('sign-in needs both fields', () => {
    expect(signInError('', 'x')).toBeTruthy();
    expect(signInError('a@b.co', '   ')).toBeTruthy();
    expect(signInError('a@b.co', 'secret')).toBeNull();
  });

  it('sign-up: all required, a valid e-mail, matching passwords of at least 6 characters', () => {
    const ok = {fullName: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1'};
    expect(signUpError(ok)).toBeNull();
    expect(signUpError({...ok, fullName: ''})).toBe('Please fill in all fields');
    expect(signUpError({...ok, email: 'ada@'})).toBe('Please enter a valid email address');
    expect(signUpError({...ok, confirmPassword: 'secret2'})).toBe('Passwords do not match');
    expect(signUpError({...ok, password: '12345', confirmPassword: '12345'})).toBe('Password must be at least 6 characters long');
    expect(newPasswordError('abcdef', 'abcdef')).toBeNull();
  });
});

describe('subscription view mapping', () => {
  it('maps every profile subscription column in one place', () => {
    const profile = profileRow({
      subscription_status: 'active',
      subscription_plan: 'premium_yearly',
      subscription_amount: 39.2,
      discount_code: 'STUDENT20',
      subscription_start_date: '2025-11-01T00:00:00Z',
      subscription_end_date: '2026-11-01T00:00:00Z',
      paypal_subscription_id: 'I-ABC123',
    }) as Profile;
    const view = toSubscriptionView(profile);
    expect(view).toEqual({
      status: 'active',
      plan: 'premium_yearly',
      amount: 39.2,
      discountCode: 'STUDENT20',
      startDate: '2025-11-01T00:00:00Z',
      endDate: '2026-11-01T00:00:00Z',
      paypalSubscriptionId: 'I-ABC123',
    });
  });

  it('treats no profile as inactive', () => {
    expect(toSubscriptionView(null)).toMatchObject({status: 'inactive', plan: null, amount: null, discountCode: null, paypalSubscriptionId: null});
  });

  it('formats amounts and types', () => {
    expect(formatMoney(49)).toBe('$49.00');
    expect(capitalise('renewal')).toBe('Renewal');
    expect(capitalise('payment_failed')).toBe('Payment failed');
  });
});

describe('profile and transaction services', () => {
  it('ignores "no row" (PGRST116) and returns other errors as given', async () => {
    const fake = createFakeSupabase();
    fake.tables.profiles = {data: null, error: {code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned'}};
    expect(await fetchProfile(fake.client, 'user-1')).toEqual({data: null, error: null});
    fake.tables.profiles = {data: null, error: {code: '42501', message: 'permission denied for table profiles'}};
    expect(await fetchProfile(fake.client, 'user-1')).toEqual({data: null, error: 'permission denied for table profiles'});
  });

  it('updates only full_name of the given user, and needs a user', async () => {
    const fake = createFakeSupabase();
    fake.tables.profiles = {data: profileRow({full_name: 'Ada K.'}), error: null};
    const result = await updateFullName(fake.client, 'user-1', '  Ada K. ');
    expect(result.data?.full_name).toBe('Ada K.');
    expect(fake.calls).toContainEqual(['profiles', 'update', {full_name: 'Ada K.'}]);
    expect(fake.calls).toContainEqual(['profiles', 'eq', 'id', 'user-1']);
    expect(await updateFullName(fake.client, null, 'x')).toEqual({data: null, error: 'No user logged in'});
  });

  it('lists transactions newest first', async () => {
    const fake = createFakeSupabase();
    fake.tables.subscription_transactions = {
      data: [
        {id: 'a', transaction_type: 'subscription', amount: 49, currency: 'USD', status: 'completed', created_at: '2025-01-01T00:00:00Z'},
        {id: 'b', transaction_type: 'renewal', amount: 49, currency: 'USD', status: 'completed', created_at: '2026-01-01T00:00:00Z'},
      ],
      error: null,
    };
    const result = await fetchTransactions(fake.client, 'user-1');
    expect(result.data?.map((r) => r.id)).toEqual(['b', 'a']);
  });
});

describe('stored session (without supabase-js)', () => {
  it('derives the key from the first hostname label, as supabase-js does', () => {
    expect(authStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(authStorageKey('https://abcdefghijklmnopqrst.supabase.co')).toBe('sb-abcdefghijklmnopqrst-auth-token');
    expect(authStorageKey('http://localhost:54321')).toBe('sb-localhost-auth-token');
  });

  it('reads the user of a stored session, ignoring unusable values', () => {
    expect(readStoredSession('http://127.0.0.1:54321')).toBeNull();
    storeSession(makeSession());
    expect(readStoredSession('http://127.0.0.1:54321')).toMatchObject({userId: 'user-1', email: 'ada@example.com', fullName: 'Ada Lovelace'});
    window.localStorage.setItem('sb-127-auth-token', '{not json');
    expect(readStoredSession('http://127.0.0.1:54321')).toBeNull();
    window.localStorage.setItem('sb-127-auth-token', JSON.stringify({access_token: 'x'}));
    expect(readStoredSession('http://127.0.0.1:54321')).toBeNull();
  });

  it('recognises auth callbacks in the URL', () => {
    expect(readUrlAuthCallback('http://x.test/docs')).toBeNull();
    expect(readUrlAuthCallback('http://x.test/#access_token=a&refresh_token=b&type=signup')).toEqual({hasSession: true, type: 'signup', error: null});
    expect(readUrlAuthCallback('http://x.test/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      hasSession: false,
      type: null,
      error: {code: 'otp_expired', description: 'Email link is invalid or has expired'},
    });
  });
});

describe('link error messages', () => {
  it('is readable for expired links and for links without a session', () => {
    const expired = toLinkError({message: 'Email link is invalid or has expired', details: {error: 'access_denied', code: 'otp_expired'}});
    expect(expired).toEqual({code: 'otp_expired', message: 'Email link is invalid or has expired'});
    expect(linkErrorTitle(expired)).toBe('This link is invalid or has expired');
    expect(linkErrorTitle(toLinkError({message: 'No session defined in URL'}))).toBe('This link did not sign you in');
  });
});

describe('error filter', () => {
  it('matches PayPal and removed-container errors only', () => {
    expect(isIgnorableError(new Error('paypal_js_sdk_v5_unhandled_exception'))).toBe(true);
    expect(isIgnorableError('Detected container element removed from DOM')).toBe(true);
    expect(isIgnorableError(new Error('x'), 'https://www.paypal.com/sdk/js')).toBe(true);
    expect(isIgnorableError(new TypeError('Cannot read properties of undefined'))).toBe(false);
  });

  it('logs matching errors and rejections and stops them; others pass', () => {
    const log = vi.fn();
    const remove = installErrorFilter(window, log);
    try {
      const ignored = new ErrorEvent('error', {message: 'PayPal button failed', cancelable: true});
      window.dispatchEvent(ignored);
      expect(ignored.defaultPrevented).toBe(true);
      const rejection = new Event('unhandledrejection', {cancelable: true}) as PromiseRejectionEvent;
      Object.defineProperty(rejection, 'reason', {value: new Error('Detected container element removed from DOM')});
      window.dispatchEvent(rejection);
      expect(rejection.defaultPrevented).toBe(true);
      const other = new ErrorEvent('error', {message: 'Real bug', cancelable: true});
      window.dispatchEvent(other);
      expect(other.defaultPrevented).toBe(false);
      expect(log).toHaveBeenCalledTimes(2);
    } finally {
      remove();
    }
  });
});
