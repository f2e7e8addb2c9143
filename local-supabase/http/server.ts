import type http from 'node:http';
import type net from 'node:net';
import {createAdaptorServer, type HttpBindings} from '@hono/node-server';
import {Hono, type Context, type MiddlewareHandler} from 'hono';
import {bodyLimit} from 'hono/body-limit';
import type {Platform, ServiceHandler} from '../platform';
import {corsHeaders} from './cors';
import {applyApiKey, requiresApiKey} from './gateway';
import {json} from './json';
import {mountSigningKeysApi} from './signingKeysApi';
import {mountAuthConfigApi} from './authConfigApi';
import {mountDatabaseQueryApi} from './databaseQueryApi';

/** Larger bodies are refused with 413 before any service sees them. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface Services {
  auth: ServiceHandler;
  rest: ServiceHandler;
  functions: ServiceHandler;
  /** Extra top-level handlers (the PayPal simulator) tried before the 404. */
  extra?: (request: Request, url: URL) => Promise<Response | null>;
}

type Env = {Bindings: HttpBindings};

const PREFIXES: [string, keyof Omit<Services, 'extra'>][] = [
  ['/auth/v1', 'auth'],
  ['/rest/v1', 'rest'],
  ['/functions/v1', 'functions'],
];

/** Functions set their own CORS headers and answer their own preflights, as on hosted Supabase. */
const isFunctionsPath = (path: string) => path === '/functions/v1' || path.startsWith('/functions/v1/');
const isFunctionPreflight = (path: string) => path.startsWith('/functions/v1/');

/** Adds the gateway's CORS headers a response does not set itself. */
function addCors(response: Response, origin: string | null): Response {
  const cors = corsHeaders(origin);
  try {
    for (const [name, value] of Object.entries(cors)) if (!response.headers.has(name)) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a Response from fetch): copy it.
    const headers = new Headers(cors);
    response.headers.forEach((value, name) => headers.set(name, value));
    for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
    return new Response(response.body, {status: response.status, statusText: response.statusText, headers});
  }
}

const gatewayCors: MiddlewareHandler<Env> = async (c, next) => {
  const origin = c.req.header('origin') ?? null;
  if (c.req.method === 'OPTIONS' && !isFunctionPreflight(c.req.path)) return new Response(null, {status: 204, headers: corsHeaders(origin)});
  await next();
  if (isFunctionsPath(c.req.path)) return undefined;
  // Assigning c.res copies the response (Hono merges headers into a new one), which costs
  // @hono/node-server its fast path; addCors changes it in place whenever it can.
  const withCors = addCors(c.res, origin);
  if (withCors !== c.res) c.res = withCors;
  return undefined;
};

/** How long a refused upload may be silent, and may go on at all, after its 413 (nginx's lingering_timeout and lingering_time). */
export const LINGER_MS = 5_000;
export const LINGER_TOTAL_MS = 30_000;

/**
 * Node destroys a `Connection: close` socket as soon as the answer is written. A client still
 * sending its body then meets a reset, which can destroy its connection before it has read the
 * answer. So this socket closes as nginx's lingering close does: the answer, then FIN, then what
 * the client still sends is read and dropped until it closes its side, stays silent LINGER_MS, or
 * LINGER_TOTAL_MS have passed.
 */
function lingerOnClose(socket: net.Socket): void {
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    let timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.on('data', () => {
      clearTimeout(timer);
      timer = setTimeout(() => socket.destroy(), LINGER_MS);
    });
    const cap = setTimeout(() => socket.destroy(), LINGER_TOTAL_MS);
    socket.once('end', () => socket.destroy());
    socket.once('close', () => {
      clearTimeout(timer);
      clearTimeout(cap);
    });
  };
}

function payloadTooLarge(c: Context<Env>): Response {
  lingerOnClose(c.env.incoming.socket);
  const response = json({code: 'PGRST413', details: null, hint: null, message: 'Payload Too Large'}, 413, {connection: 'close'});
  // The functions path skips the gateway's CORS middleware; this refusal still carries CORS.
  return isFunctionsPath(c.req.path) ? addCors(response, c.req.header('origin') ?? null) : response;
}

/** The API gateway: CORS, body limit and API keys in front of auth, rest and functions. */
export function createApiServer(platform: Platform, services: Services): http.Server {
  const app = new Hono<Env>();
  app.use(gatewayCors);
  const limitBody = bodyLimit({maxSize: MAX_BODY_BYTES, onError: payloadTooLarge});
  // A GET or HEAD request has no body, and asking for one (as bodyLimit does) makes
  // @hono/node-server build the whole fetch Request, its costliest step on a read.
  app.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));

  for (const [prefix, service] of PREFIXES) {
    const handle = async (c: Context<Env>): Promise<Response> => {
      const request = c.req.raw;
      const target = new URL(c.env.incoming.url ?? '/', platform.apiUrl);
      const path = target.pathname.slice(prefix.length) || '/';
      if (request.method !== 'OPTIONS') {
        const refusal = await applyApiKey(request, target, platform, requiresApiKey(service, path));
        if (refusal) return service === 'functions' ? addCors(refusal, c.req.header('origin') ?? null) : refusal;
      }
      const ip = c.env.incoming.socket.remoteAddress ?? '127.0.0.1';
      return services[service](request, {platform, ip, url: target, path});
    };
    app.all(prefix, handle);
    app.all(`${prefix}/*`, handle);
  }
  mountSigningKeysApi(app, () => platform.keys);
  mountAuthConfigApi(app, () => platform);
  mountDatabaseQueryApi(app, () => platform.keys, () => platform.db);
  const health = () => json({name: 'local-supabase', status: 'ok'});
  app.all('/', health);
  app.all('/health', health);

  app.notFound(async (c) => {
    const extra = services.extra ? await services.extra(c.req.raw, new URL(c.env.incoming.url ?? '/', platform.apiUrl)) : null;
    return extra ?? json({message: 'no Route matched with those values'}, 404);
  });
  app.onError((error) => {
    console.error('[local-supabase] unhandled error', error);
    return new Response(JSON.stringify({message: 'Internal server error'}), {status: 500, headers: {'content-type': 'application/json'}});
  });

  return createAdaptorServer({fetch: app.fetch}) as http.Server;
}
