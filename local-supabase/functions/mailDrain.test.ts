// The mail drain runs send-mail over HTTP; stopping it waits for a run under way, so local-supabase
// closes its server only after send-mail's own requests to it were answered (else they failed with
// "fetch failed" on every shutdown).
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {startMailDrain} from './mailDrain';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('startMailDrain', () => {
  it('stop() resolves only once the run under way has been answered, and no run starts after it', async () => {
    const requests: string[] = [];
    let answer!: () => void;
    const reached = new Promise<void>((resolveReached) => {
      server = http.createServer((request, response) => {
        requests.push(`${request.method} ${request.url} ${request.headers.apikey}`);
        answer = () => response.end('{}');
        resolveReached();
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const {port} = server?.address() as AddressInfo;
    const drain = startMailDrain({url: `http://127.0.0.1:${port}/`, secretKey: 'sb_secret_test'});

    drain.nudge();
    await reached;
    const events: string[] = [];
    const stopped = drain.stop().then(() => events.push('stopped'));
    // Let anything already settled run first: a stop that did not wait would be recorded now.
    await new Promise((resolve) => setImmediate(resolve));
    events.push('answered');
    answer();
    await stopped;
    expect(events).toEqual(['answered', 'stopped']);

    drain.nudge();
    expect(requests).toEqual(['POST /functions/v1/send-mail sb_secret_test']);
  });
});
