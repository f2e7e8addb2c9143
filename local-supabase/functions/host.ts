import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {JwtError} from '../keys';
import {effectiveBearer} from '../http/gateway';
import {json} from '../http/json';
import type {Platform, ServiceHandler} from '../platform';

/**
 * The contract every function in supabase/functions/<name>/handler.ts follows: a web-standard
 * handler given its environment. index.ts beside it wraps the same handler in Deno.serve for
 * the hosted Edge Runtime.
 */
export type FunctionEnv = Record<string, string | undefined>;
export type FunctionHandler = (request: Request, env: FunctionEnv) => Promise<Response> | Response;

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

function text(body: string, status: number): Response {
  return new Response(body, {status, headers: {'content-type': 'text/plain; charset=utf-8'}});
}

/** The Edge Runtime's JSON answers carry no charset. */
const EDGE_JSON = {'content-type': 'application/json'};

export interface FunctionsHostOptions {
  /** local-supabase's SMTP listener, given to the functions as SMTP_HOST/SMTP_PORT (mailboxSmtp.ts). */
  smtp?: {host: string; port: number};
  /** Called after a function other than send-mail has answered a write (mailDrain.ts's nudge). */
  afterWrite?: () => void;
}

export function createFunctionsHost(platform: Platform, options: FunctionsHostOptions = {}): ServiceHandler {
  const functionsDir = path.join(platform.config.supabaseDir, 'functions');
  const verifyJwt = platform.config.functionsVerifyJwt;
  const loaded = new Map<string, Promise<FunctionHandler>>();
  const {keys} = platform;
  // What hosted's Edge Runtime gives every function: named keys as JSON objects, the JWKS, and
  // the legacy JWT keys only while they are enabled. SUPABASE_JWKS follows rotations, so it is
  // rebuilt when the key set changes.
  const baseEnv: FunctionEnv = {
    SUPABASE_URL: platform.apiUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({default: keys.publishableKey}),
    SUPABASE_SECRET_KEYS: JSON.stringify({default: keys.secretKey}),
    ...(keys.legacyKeysEnabled ? {SUPABASE_ANON_KEY: keys.anonKey, SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey} : {}),
    SITE_URL: platform.config.auth.siteUrl,
    ...(options.smtp ? {SMTP_HOST: options.smtp.host, SMTP_PORT: String(options.smtp.port)} : {}),
    ...platform.config.functionEnv,
  };
  let envFor: {jwks: string; env: FunctionEnv} | undefined;
  const currentEnv = (): FunctionEnv => {
    const jwks = JSON.stringify(keys.jwks());
    if (envFor?.jwks !== jwks) envFor = {jwks, env: {...baseEnv, SUPABASE_JWKS: jwks}};
    return envFor.env;
  };

  function load(name: string): Promise<FunctionHandler> | null {
    const file = path.join(functionsDir, name, 'handler.ts');
    if (!fs.existsSync(file)) return null;
    let handler = loaded.get(name);
    if (!handler) {
      handler = import(pathToFileURL(file).href).then((mod: {default?: unknown}) => {
        if (typeof mod.default !== 'function') throw new Error(`${file} has no default export handler`);
        return mod.default as FunctionHandler;
      });
      loaded.set(name, handler);
    }
    return handler;
  }

  return async (request, {path: subPath, url}) => {
    const name = subPath.split('/')[1] ?? '';
    if (!NAME.test(name)) return text('Function not found', 404);
    const handlerPromise = load(name);
    if (!handlerPromise) return text('Function not found', 404);
    if (request.method !== 'OPTIONS' && verifyJwt.get(name) !== false) {
      const token = request.headers.get('authorization') === null ? null : effectiveBearer(request, url);
      if (!token) return json({msg: 'Error: Missing authorization header'}, 401, EDGE_JSON);
      try {
        await platform.keys.verify(token);
      } catch (error) {
        if (error instanceof JwtError) return json({msg: 'Invalid JWT'}, 401, EDGE_JSON);
        throw error;
      }
    }
    let handler: FunctionHandler;
    try {
      handler = await handlerPromise;
    } catch (error) {
      loaded.delete(name);
      console.error(`[functions] ${name} failed to load`, error);
      return json({code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)'}, 503, EDGE_JSON);
    }
    try {
      const response = await handler(request, currentEnv());
      if (options.afterWrite && name !== 'send-mail' && request.method === 'POST') options.afterWrite();
      return response;
    } catch (error) {
      console.error(`[functions] ${name} threw`, error);
      return json({code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)'}, 500, EDGE_JSON);
    }
  };
}
