// Chunks loaded on first want and rendered without Suspense (src/lib/chunk.ts).
import React, {Component, type ReactNode} from 'react';
import {act, render, screen} from '@testing-library/react';
import {describe, expect, it, vi} from 'vitest';
import {chunk, useChunk, type Chunk} from '../../src/lib/chunk';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return {promise, resolve, reject};
}

class Boundary extends Component<{children: ReactNode}, {error: string | null}> {
  override state = {error: null as string | null};
  static getDerivedStateFromError(error: Error) {
    return {error: error.message};
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

function Host({source, wanted}: {source: Chunk<() => React.JSX.Element>; wanted: boolean}): React.JSX.Element {
  const use = useChunk(source, wanted);
  const Loaded = use.value;
  if (!wanted) return <p>not wanted</p>;
  if (use.failed) {
    return (
      <button type="button" onClick={use.retry}>
        retry
      </button>
    );
  }
  return Loaded ? <Loaded /> : <p>placeholder</p>;
}

describe('chunk', () => {
  it('downloads once however often it is asked for, and keeps what it loaded', async () => {
    const importer = vi.fn(() => Promise.resolve('module'));
    const source = chunk(importer);
    expect(source.loaded).toBeUndefined();
    expect(importer).not.toHaveBeenCalled();
    await Promise.all([source.load(), source.load()]);
    await source.load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(source.loaded).toBe('module');
  });

  it('tries again after a failed download', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('module');
    const source = chunk<string>(importer);
    await expect(source.load()).rejects.toThrow('offline');
    expect(source.loaded).toBeUndefined();
    await expect(source.load()).resolves.toBe('module');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('useChunk', () => {
  it('loads nothing until wanted, shows the placeholder while loading, then the component', async () => {
    const download = deferred<() => React.JSX.Element>();
    const importer = vi.fn(() => download.promise);
    const source = chunk(importer);
    const {rerender} = render(<Host source={source} wanted={false} />);
    expect(importer).not.toHaveBeenCalled();
    rerender(<Host source={source} wanted />);
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
    await act(async () => download.resolve(() => <p>dialog</p>));
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });

  it('renders a chunk loaded before at once, with no placeholder', async () => {
    const source = chunk(() => Promise.resolve(() => <p>dialog</p>));
    await source.load();
    render(<Host source={source} wanted />);
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });

  it('reports a failed download to its caller, never to the error boundary, and retry() loads it', async () => {
    const importer = vi
      .fn<() => Promise<() => React.JSX.Element>>()
      .mockRejectedValueOnce(new Error('chunk 123 failed'))
      .mockResolvedValueOnce(() => <p>dialog</p>);
    const source = chunk(importer);
    render(
      <Boundary>
        <Host source={source} wanted />
      </Boundary>,
    );
    const retry = await screen.findByRole('button', {name: 'retry'});
    expect(screen.queryByText(/^failed:/)).toBeNull();
    await act(async () => retry.click());
    expect(await screen.findByText('dialog')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('asks again when wanted again after a failure (closing and reopening a dialog)', async () => {
    const importer = vi
      .fn<() => Promise<() => React.JSX.Element>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(() => <p>dialog</p>);
    const source = chunk(importer);
    const {rerender} = render(<Host source={source} wanted />);
    await screen.findByRole('button', {name: 'retry'});
    rerender(<Host source={source} wanted={false} />);
    rerender(<Host source={source} wanted />);
    expect(await screen.findByText('dialog')).toBeInTheDocument();
  });
});
