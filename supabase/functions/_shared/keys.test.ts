import {describe, expect, it} from 'vitest';
import {inlineJwks, publishableKey, secretKey} from './keys';

describe('function keys from the environment', () => {
  it('take the default of hosted’s named key sets first', () => {
    const env = {
      SUPABASE_SECRET_KEYS: JSON.stringify({other: 'sb_secret_other', default: 'sb_secret_default'}),
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({default: 'sb_publishable_default'}),
      SUPABASE_SERVICE_ROLE_KEY: 'legacy.service.jwt',
      SUPABASE_ANON_KEY: 'legacy.anon.jwt',
    };
    expect(secretKey(env)).toBe('sb_secret_default');
    expect(publishableKey(env)).toBe('sb_publishable_default');
    expect(secretKey({SUPABASE_SECRET_KEYS: JSON.stringify({web: 'sb_secret_web'})})).toBe('sb_secret_web');
  });

  it('fall back to a single key, then to the legacy JWT keys', () => {
    expect(secretKey({SUPABASE_SECRET_KEY: 'sb_secret_one', SUPABASE_SERVICE_ROLE_KEY: 'legacy'})).toBe('sb_secret_one');
    expect(secretKey({SUPABASE_SECRET_KEYS: 'not json', SUPABASE_SERVICE_ROLE_KEY: 'legacy'})).toBe('legacy');
    expect(publishableKey({SUPABASE_PUBLISHABLE_KEYS: '{}', SUPABASE_ANON_KEY: 'legacy-anon'})).toBe('legacy-anon');
    expect(() => secretKey({})).toThrow(/SUPABASE_SECRET_KEYS/);
  });

  it('read SUPABASE_JWKS as {keys} or a bare array', () => {
    const key = {kty: 'EC', kid: 'a'};
    expect(inlineJwks({SUPABASE_JWKS: JSON.stringify({keys: [key]})})).toEqual({keys: [key]});
    expect(inlineJwks({SUPABASE_JWKS: JSON.stringify([key])})).toEqual({keys: [key]});
    expect(inlineJwks({SUPABASE_JWKS: '{"keys":[]}'})).toBeNull();
    expect(inlineJwks({SUPABASE_JWKS: 'garbage'})).toBeNull();
  });
});
