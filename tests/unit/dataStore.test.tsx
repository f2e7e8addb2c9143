import {describe, expect, it} from 'vitest';
import {act, render, screen} from '@testing-library/react';
import {createDataStore, useData, type DataStore, type Loader} from '../../src/lib/data/store';
import type {Result} from '../../src/lib/data/result';

/** A loader whose answers the test hands out one by one, counting the reads. */
function controlled<T>() {
  const waiting: ((result: Result<T>) => void)[] = [];
  const loader: Loader<T> & {calls: number} = Object.assign(
    () => {
      loader.calls += 1;
      return new Promise<Result<T>>((resolve) => waiting.push(resolve));
    },
    {calls: 0},
  );
  const answer = async (result: Result<T>) => {
    await act(async () => {
      waiting.shift()?.(result);
      await Promise.resolve();
    });
  };
  return {loader, answer};
}

describe('the data store', () => {
  it('reads a key once however many callers ask while it loads, and keeps the answer', async () => {
    const store = createDataStore();
    const {loader, answer} = controlled<number>();
    const first = store.load('progress/u1', loader);
    const second = store.load('progress/u1', loader);
    await answer({data: 3, error: null});
    expect(await first).toEqual({status: 'done', data: 3, error: null});
    expect(await second).toBe(await first);
    await store.load('progress/u1', loader);
    expect(loader.calls).toBe(1);
  });

  it('gives a failed or throwing loader the text a user sees', async () => {
    const store = createDataStore();
    expect(await store.load('a', () => Promise.resolve({data: null, error: 'Could not load progress'}))).toEqual({status: 'error', data: null, error: 'Could not load progress'});
    expect((await store.load('b', () => Promise.reject(new TypeError('Failed to fetch')))).error).toMatch(/could not reach the server/i);
  });

  it('invalidate(prefix) forgets unseen keys and drops the answer of a load it superseded', async () => {
    const store = createDataStore();
    const {loader, answer} = controlled<string>();
    void store.load('premium/u1', loader);
    store.invalidate('premium');
    await answer({data: 'stale', error: null});
    expect(store.get('premium/u1').status).toBe('loading');
    await store.load('premium/u1', () => Promise.resolve({data: 'fresh', error: null}));
    expect(store.get('premium/u1').data).toBe('fresh');
    store.invalidate('premium');
    expect(store.get('premium/u1').data).toBeNull();
    store.invalidate('prem'); // not a prefix of 'premium/…': a whole segment only
  });

  it('invalidate settles once the keys a view shows have been read again, so a writer can wait for the screen', async () => {
    const store = createDataStore();
    const {loader, answer} = controlled<number>();
    store.subscribe('progress/u1', () => undefined);
    void store.load('progress/u1', loader);
    await answer({data: 1, error: null});
    let settled = false;
    const written = store.invalidate('progress').then(() => {
      settled = true;
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(settled).toBe(false);
    expect(store.get('progress/u1')).toEqual({status: 'loading', data: 1, error: null});
    await answer({data: 2, error: null});
    await written;
    expect(store.get('progress/u1').data).toBe(2);
    // Nothing shown, nothing to wait for.
    await store.invalidate('nothing');
  });
});

function Shows({id, store, loader, fresh = false}: {id: string; store: DataStore; loader: Loader<number>; fresh?: boolean}) {
  const {state, reload} = useData('count/u1', loader, {store, fresh});
  return (
    <p>
      <span data-testid={id}>{state.status === 'error' ? state.error : `${state.status}:${state.data ?? '-'}`}</span>
      <button type="button" onClick={reload}>
        reload {id}
      </button>
    </p>
  );
}

describe('useData', () => {
  it('two views of one key share one read, and reload refreshes both while keeping the last answer on screen', async () => {
    const store = createDataStore();
    const {loader, answer} = controlled<number>();
    render(
      <>
        <Shows id="a" store={store} loader={loader} />
        <Shows id="b" store={store} loader={loader} />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('loading:-');
    await answer({data: 1, error: null});
    expect(screen.getByTestId('a').textContent).toBe('done:1');
    expect(screen.getByTestId('b').textContent).toBe('done:1');
    expect(loader.calls).toBe(1);

    act(() => screen.getByText('reload a').click());
    expect(screen.getByTestId('b').textContent).toBe('loading:1');
    await answer({data: 2, error: null});
    expect(screen.getByTestId('a').textContent).toBe('done:2');
    expect(screen.getByTestId('b').textContent).toBe('done:2');
    expect(loader.calls).toBe(2);
  });

  it('a fresh view reads again when it mounts, while others reuse the answer', async () => {
    const store = createDataStore();
    const {loader, answer} = controlled<number>();
    const first = render(<Shows id="a" store={store} loader={loader} />);
    await answer({data: 1, error: null});
    first.unmount();
    const again = render(<Shows id="b" store={store} loader={loader} />);
    expect(screen.getByTestId('b').textContent).toBe('done:1');
    expect(loader.calls).toBe(1);
    again.unmount();
    render(<Shows id="c" store={store} loader={loader} fresh />);
    expect(screen.getByTestId('c').textContent).toBe('loading:1');
    await answer({data: 2, error: null});
    expect(screen.getByTestId('c').textContent).toBe('done:2');
    expect(loader.calls).toBe(2);
  });

  it('a null key reads nothing', () => {
    const store = createDataStore();
    const {loader} = controlled<number>();
    function Nobody() {
      const {state} = useData<number>(null, loader, {store});
      return <span data-testid="n">{state.status}</span>;
    }
    render(<Nobody />);
    expect(screen.getByTestId('n').textContent).toBe('loading');
    expect(loader.calls).toBe(0);
  });
});
