import {describe, expect, it} from 'vitest';
import {responseHeaders} from './responseHeaders';
import {RestError} from './errors';

describe('response.headers (PostgREST: SQL sets response headers)', () => {
  it('is empty when the setting is unset or empty', () => {
    expect(responseHeaders(null)).toEqual({});
    expect(responseHeaders('')).toEqual({});
  });

  it('turns the JSON array of one-key objects into headers', () => {
    expect(responseHeaders('[{"Cache-Control": "private, no-store"}, {"X-Thing": "1"}]')).toEqual({'cache-control': 'private, no-store', 'x-thing': '1'});
  });

  it.each(['not json', '{"Cache-Control": "x"}', '[{"a": "1", "b": "2"}]', '[{"a": 1}]', '["a"]'])('refuses %s as PostgREST does (PGRST111)', (value) => {
    let error: unknown;
    try {
      responseHeaders(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RestError);
    expect((error as RestError).code).toBe('PGRST111');
  });
});
