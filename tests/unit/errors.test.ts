import {describe, expect, it} from 'vitest';
import {NETWORK_ERROR, errorMessage, functionErrorText} from '../../src/lib/data/errorText';
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

describe('functionErrorText, the text of a failed Edge Function call', () => {
  const httpError = (body: BodyInit | null, status: number) =>
    Object.assign(new Error('Edge Function returned a non-2xx status code'), {name: 'FunctionsHttpError', context: new Response(body, {status})});

  it('says what the function said in its JSON body ({error}, or GoTrue-style msg/message)', async () => {
    expect(await functionErrorText(httpError(JSON.stringify({error: 'That password is not right'}), 400), 'Could not delete')).toBe('That password is not right');
    expect(await functionErrorText(httpError(JSON.stringify({msg: 'Token expired'}), 400), 'Could not delete')).toBe('Token expired');
  });

  it('without a message, asks to sign in again on 401 and names the status of a server error', async () => {
    expect(await functionErrorText(httpError('nope', 401), 'Could not cancel')).toBe('Please sign in again to continue.');
    expect(await functionErrorText(httpError(null, 502), 'Could not cancel')).toBe('Could not cancel (server error 502). Please try again in a moment.');
  });

  it('calls a request that never arrived a connection problem', async () => {
    const fetchError = Object.assign(new Error('Failed to send a request to the Edge Function'), {name: 'FunctionsFetchError'});
    expect(await functionErrorText(fetchError, 'Could not cancel')).toBe(NETWORK_ERROR);
  });
});
