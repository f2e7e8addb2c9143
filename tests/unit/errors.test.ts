import {describe, expect, it} from 'vitest';
import {NETWORK_ERROR, errorMessage} from '../../src/lib/errors';
import {progressErrorMessage} from '../../src/lib/progress';

describe('errorMessage, the one way an error becomes the text a user sees', () => {
  it('says a request that never reached the server is a connection problem, in every browser’s wording', () => {
    for (const text of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'fetch failed', 'Network request failed']) {
      expect(errorMessage(new TypeError(text)), text).toBe(NETWORK_ERROR);
    }
  });

  it('keeps the message of an Error, of an error-shaped object and of a thrown string', () => {
    expect(errorMessage(new Error('Invalid login credentials'))).toBe('Invalid login credentials');
    expect(errorMessage({message: ' Email not confirmed ', status: 400})).toBe('Email not confirmed');
    expect(errorMessage('Something specific')).toBe('Something specific');
  });

  it('falls back when there is no message', () => {
    expect(errorMessage(null, 'Could not save')).toBe('Could not save');
    expect(errorMessage({code: '500'}, 'Could not save')).toBe('Could not save');
    expect(errorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });

  it('is what the services fall back to', () => {
    expect(progressErrorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
  });
});
