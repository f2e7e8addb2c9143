import {describe, expect, it} from 'vitest';
import {bearerToken} from './bearer';

describe('bearerToken', () => {
  it('reads the token whatever the scheme’s case and the blanks around it', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer sb_secret_x')).toBe('sb_secret_x');
    expect(bearerToken('BEARER\t tok ')).toBe('tok');
    expect(bearerToken('  Bearer tok')).toBe('tok');
  });

  it('is null without a header, for another scheme, without a token or with more than one word', () => {
    expect(bearerToken(null)).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('')).toBeNull();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken('Bearertok')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken('tok')).toBeNull();
  });
});
