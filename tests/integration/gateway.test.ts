// The wire behaviour of local-supabase's HTTP front doors, as a browser or PayPal meets it: the API
// gateway's CORS, API-key and size checks, each service's own 404/405 format, the functions'
// own preflights, the mailbox's Mailpit API and the PayPal simulator's error shapes.
import net from 'node:net';
import {describe, expect, it} from 'vitest';
import {backend} from './clients';
import {uploadRefused} from './uploadRefused';

const ORIGIN = 'http://localhost:3000';

describe('API gateway', () => {
  it('answers a preflight itself with the headers supabase-js needs', async () => {
    const res = await fetch(`${backend().url}/rest/v1/courses`, {
      method: 'OPTIONS',
      headers: {origin: ORIGIN, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'apikey, prefer'},
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')?.split(', ')).toEqual(expect.arrayContaining(['apikey', 'prefer', 'x-client-info']));
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('exposes Content-Range on a REST answer and keeps the service’s own headers', async () => {
    const {url, anonKey} = backend();
    const res = await fetch(`${url}/rest/v1/courses?select=slug`, {headers: {apikey: anonKey, origin: ORIGIN, prefer: 'count=exact'}});
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(res.headers.get('content-range')).toMatch(/^0-\d+\/\d+$/);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('refuses a request without an API key in Kong’s format, with CORS so the browser can read it', async () => {
    const res = await fetch(`${backend().url}/rest/v1/courses`, {headers: {origin: ORIGIN}});
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await res.json()).toEqual({message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.'});
  });

  it('answers an unknown path with Kong’s 404 and a health check at /health', async () => {
    const missing = await fetch(`${backend().url}/storage/v1/bucket`, {headers: {origin: ORIGIN}});
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await missing.json()).toEqual({message: 'no Route matched with those values'});
    const health = await fetch(`${backend().url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({name: 'local-supabase', status: 'ok'});
  });

  it('refuses a body over 1 MiB sent without Content-Length (chunked) with 413, before the service', async () => {
    const {url, serviceRoleKey} = backend();
    const {status, headers, text} = await uploadRefused(
      `${url}/rest/v1/courses`,
      {apikey: serviceRoleKey, 'content-type': 'application/json', origin: ORIGIN},
      (req) => {
        const chunk = 'x'.repeat(64 * 1024);
        for (let i = 0; i < 32; i++) req.write(chunk);
        req.end();
      },
    );
    expect(status).toBe(413);
    expect(headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(JSON.parse(text)).toEqual({code: 'PGRST413', details: null, hint: null, message: 'Payload Too Large'});
  });

  it('keeps reading a refused upload after its 413, so the client sending it is not reset', {timeout: 30_000}, async () => {
    // As Kong (nginx) does, the gateway answers at once from Content-Length and closes: but only
    // after reading and dropping what the client still sends. Closing outright makes the client's
    // next write meet a reset, which can destroy the connection before the answer is read.
    const {url, serviceRoleKey} = backend();
    const {hostname, port} = new URL(url);
    const body = Buffer.alloc(2 * 1024 * 1024, 'x');
    // Half-open, as TCP allows: the server's FIN after its answer does not stop this side sending.
    const socket = net.connect({port: Number(port), host: hostname, allowHalfOpen: true});
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    const outcome = new Promise<string>((resolve) => {
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`));
      socket.on('close', () => resolve('closed cleanly'));
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /rest/v1/courses HTTP/1.1\r\nHost: ${hostname}:${port}\r\napikey: ${serviceRoleKey}\r\n` +
        `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    // The answer comes before any of the body; then the body follows.
    await expect.poll(() => received, {timeout: 10_000}).toContain('\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    for (let offset = 0; offset < body.length; offset += 64 * 1024) {
      const error = await new Promise<Error | null | undefined>((resolve) => socket.write(body.subarray(offset, offset + 64 * 1024), resolve));
      expect(error).toBeFalsy();
    }
    socket.end();
    expect(await outcome).toBe('closed cleanly');
  });
});

describe('functions host', () => {
  it('lets a function answer its own preflight, without the gateway’s CORS', async () => {
    const res = await fetch(`${backend().url}/functions/v1/create-subscription`, {
      method: 'OPTIONS',
      headers: {origin: ORIGIN, 'access-control-request-method': 'POST'},
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
  });

  it('answers an unknown function as the Edge Runtime does', async () => {
    const {url, anonKey} = backend();
    const res = await fetch(`${url}/functions/v1/no-such-function`, {method: 'POST', headers: {authorization: `Bearer ${anonKey}`}});
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Function not found');
  });

  it('lets a function without verify_jwt answer an unauthenticated call itself', async () => {
    // Every function has verify_jwt = false (config.toml) and verifies its caller itself.
    const res = await fetch(`${backend().url}/functions/v1/create-subscription`, {method: 'POST'});
    expect(res.status).toBe(401);
    expect(await res.json()).not.toHaveProperty('msg');
  });
});

describe('mailbox', () => {
  it('serves Mailpit’s message list and a plain-text 404', async () => {
    const list = await fetch(`${backend().mailboxUrl}/api/v1/messages?limit=1`);
    expect(list.status).toBe(200);
    const body = (await list.json()) as {total: number; count: number; start: number; messages: unknown[]};
    expect(body.start).toBe(0);
    expect(body.count).toBeLessThanOrEqual(1);
    expect(body.total).toBeGreaterThanOrEqual(body.count);
    const missing = await fetch(`${backend().mailboxUrl}/api/v1/message/not-a-message`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('message not found');
    const unknown = await fetch(`${backend().mailboxUrl}/nowhere`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('not found');
  });
});

describe('PayPal simulator', () => {
  const sim = () => `${backend().url}/paypal-sim`;

  it('answers in PayPal’s error format: 401 without a token, 404 for an unknown resource', async () => {
    const noToken = await fetch(`${sim()}/v1/billing/subscriptions/I-NOPE`);
    expect(noToken.status).toBe(401);
    expect(((await noToken.json()) as {name: string}).name).toBe('AUTHENTICATION_FAILURE');
    const unknown = await fetch(`${sim()}/v2/nothing`);
    expect(unknown.status).toBe(404);
    const body = (await unknown.json()) as {name: string; debug_id: string};
    expect(body.name).toBe('RESOURCE_NOT_FOUND');
    expect(body.debug_id).toMatch(/^[0-9a-f]{14}$/);
  });

  it('issues a client-credentials token and refuses wrong credentials as PayPal does', async () => {
    const {PAYPAL_CLIENT_ID: id, PAYPAL_CLIENT_SECRET: secret} = backend().paypal;
    const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    const form = {'content-type': 'application/x-www-form-urlencoded'};
    const ok = await fetch(`${sim()}/v1/oauth2/token`, {method: 'POST', headers: {...form, authorization: basic(id!, secret!)}, body: 'grant_type=client_credentials'});
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as {token_type: string}).token_type).toBe('Bearer');
    const bad = await fetch(`${sim()}/v1/oauth2/token`, {method: 'POST', headers: {...form, authorization: basic(id!, 'wrong')}, body: 'grant_type=client_credentials'});
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({error: 'invalid_client', error_description: 'Client Authentication failed'});
  });

  it('answers GET on an approval button with 405', async () => {
    const res = await fetch(`${sim()}/checkout/I-ANY/approve`);
    expect(res.status).toBe(405);
  });
});
