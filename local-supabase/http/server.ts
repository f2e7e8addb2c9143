import http from 'node:http';
import type {Platform, ServiceHandler} from '../platform';
import {corsHeaders} from './cors';
import {checkApiKey, requiresApiKey} from './gateway';
import {BodyTooLargeError, json} from './json';

/** Larger bodies are refused with 413 before any service sees them. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface Services {
  auth: ServiceHandler;
  rest: ServiceHandler;
  functions: ServiceHandler;
  /** Extra top-level handlers (the PayPal simulator) tried before the 404. */
  extra?: (request: Request, url: URL) => Promise<Response | null>;
}

const PREFIXES: [string, keyof Omit<Services, 'extra'>][] = [
  ['/auth/v1', 'auth'],
  ['/rest/v1', 'rest'],
  ['/functions/v1', 'functions'],
];

async function readBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_BODY_BYTES) throw new BodyTooLargeError(MAX_BODY_BYTES);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError(MAX_BODY_BYTES);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function toRequest(req: http.IncomingMessage, url: URL, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(url, {method: req.method, headers, body: body && body.length > 0 ? new Uint8Array(body) : undefined});
}

async function writeResponse(res: http.ServerResponse, response: Response, extraHeaders: Record<string, string>): Promise<void> {
  const headers: Record<string, string | string[]> = {...extraHeaders};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length > 0) headers['set-cookie'] = setCookies;
  res.writeHead(response.status, headers);
  if (response.body) {
    res.end(Buffer.from(await response.arrayBuffer()));
  } else {
    res.end();
  }
}

export function createApiServer(platform: Platform, services: Services): http.Server {
  return http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      console.error('[local-supabase] unhandled error', error);
      if (!res.headersSent) res.writeHead(500, {'content-type': 'application/json'});
      res.end(JSON.stringify({message: 'Internal server error'}));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', platform.apiUrl);
    const cors = corsHeaders(typeof req.headers.origin === 'string' ? req.headers.origin : null);
    if (req.method === 'OPTIONS' && !url.pathname.startsWith('/functions/v1/')) {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    let body: Buffer | undefined;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        req.resume();
        await writeResponse(
          res,
          json({code: 'PGRST413', details: null, hint: null, message: 'Payload Too Large'}, 413, {connection: 'close'}),
          cors,
        );
        return;
      }
      throw error;
    }
    const request = toRequest(req, url, body);
    const ip = req.socket.remoteAddress ?? '127.0.0.1';
    for (const [prefix, service] of PREFIXES) {
      if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) {
        const path = url.pathname.slice(prefix.length) || '/';
        if (req.method !== 'OPTIONS' && requiresApiKey(service, path)) {
          const refusal = checkApiKey(request, url, platform);
          if (refusal) {
            await writeResponse(res, refusal, cors);
            return;
          }
        }
        const response = await services[service](request, {platform, ip, url, path});
        await writeResponse(res, response, service === 'functions' ? {} : cors);
        return;
      }
    }
    const extra = services.extra ? await services.extra(request, url) : null;
    if (extra) {
      await writeResponse(res, extra, cors);
      return;
    }
    if (url.pathname === '/' || url.pathname === '/health') {
      await writeResponse(res, json({name: 'local-supabase', status: 'ok'}), cors);
      return;
    }
    await writeResponse(res, json({message: 'no Route matched with those values'}, 404), cors);
  }
}
