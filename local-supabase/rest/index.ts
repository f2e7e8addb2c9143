// local-supabase's PostgREST, as PostgREST's own pipeline, one module a stage:
//   apiRequest.ts  the HTTP request read once into an ApiRequest
//   plan.ts        resolved against the schema cache into a read, mutate or call Plan
//   query.ts       turned into one SQL statement, run by runner.ts under the caller's role
//   response.ts    its result row rendered as status, headers and body
// errors.ts holds the error type of each stage (PostgREST's catalogue: PGRST1xx, 2xx, 3xx, Postgres').
import type {Platform, ServiceHandler} from '../platform';
import {apiRequest, negotiateProfile, targetOf, uriTooLong, type ApiRequest, type Profile} from './apiRequest';
import {PgError, errorResponse, toRestError} from './errors';
import {cacheFor, plan, routineArgNames, type ReadPlan} from './plan';
import {callStatement, mutateStatement, plannedCountStatement, plannedRows, readStatement, type QueryOptions} from './query';
import {callResponse, infoResponse, mutateResponse, resultCheck, readResponse} from './response';
import {callerFor, headersJson, setupParams, type Caller} from './role';
import {Runner, type ResultRow, type Statement} from './runner';
import {unloadedSchema} from './schemaCache';
import {SchemaStore} from './schemaStore';

/** Compiled reads by request shape; values are part of the key, so the bind list is reusable. */
class SqlCache {
  private readonly map = new Map<string, Statement>();
  private version = -1;

  get(version: number, key: string): Statement | undefined {
    if (version !== this.version) {
      this.map.clear();
      this.version = version;
    }
    return this.map.get(key);
  }

  set(key: string, value: Statement): void {
    if (this.map.size >= 2000) this.map.clear();
    this.map.set(key, value);
  }
}

function readKey(req: ApiRequest, name: string): string {
  return `${name}?${req.search}|${req.preferences.count ?? ''}|${req.range ?? ''}|${req.media.kind}${req.media.stripNulls ? '-' : ''}`;
}

/** A negotiated profile is named on the answer, as PostgREST's Content-Profile header. */
function withProfile(response: Response, profile: Profile | null): Response {
  if (profile?.negotiated) response.headers.set('content-profile', profile.schema);
  return response;
}

export function createRestService(platform: Platform): ServiceHandler {
  const schema = new SchemaStore(platform.db);
  const readCache = new SqlCache();
  const runner = new Runner(platform.db);
  const options: QueryOptions = {style: runner.style, maxRows: platform.config.apiMaxRows};

  return async (request, ctx) => {
    const tooLong = uriTooLong(ctx.url);
    if (tooLong) return tooLong;
    let role = 'anon';
    let profile: Profile | null = null;
    try {
      const caller: Caller = await callerFor(request, ctx.url, platform.keys);
      role = caller.role;
      let cache = await schema.get();
      if (!cache.allowedRoles.has(caller.role)) {
        throw new PgError(role === 'anon' ? 401 : 403, '42501', `permission denied to set role "${caller.role}"`);
      }
      const target = targetOf(ctx.path);
      // The profile is read first, as PostgREST's ApiRequest does: an unexposed schema is refused before anything else.
      profile = negotiateProfile(request.method, request.headers, platform.config.apiSchemas);
      cache = profile.schema === 'public' ? await cacheFor(schema, cache, target) : unloadedSchema(cache, profile.schema);
      const version = schema.version;
      // pgrst.db_tx_end: commit (PostgREST's default) or rollback, and whether Prefer: tx= may override it.
      const txEnd = cache.settings.get('db_tx_end') ?? 'commit';
      const routineArgs = target.kind === 'routine' ? routineArgNames(cache, target.name) : undefined;
      const req = await apiRequest(request, ctx.url, target, routineArgs, txEnd.endsWith('-allow-override'));
      const rollback = (req.preferences.tx ?? (txEnd.startsWith('rollback') ? 'rollback' : 'commit')) === 'rollback';

      const run = async (readOnly: boolean, statement: Statement, check?: (row: ResultRow) => void) => {
        // A role without its own timeout keeps the connection's: on hosted, authenticator's.
        const timeout = cache.statementTimeouts.get(caller.role) ?? cache.statementTimeouts.get('authenticator');
        const setup = setupParams(caller, request.method, ctx.path, headersJson(request, ctx.ip), readOnly, timeout);
        return runner.run(setup, statement, check, rollback);
      };

      const {count} = req.preferences;
      if (req.action === 'read' && target.kind === 'table' && (count === 'planned' || count === 'estimated')) {
        const planned = plan(req, cache) as ReadPlan;
        const row = await run(true, readStatement(req, planned, options));
        if (count === 'planned' || (row.total ?? 0) > options.maxRows) {
          // EXPLAIN cannot run inside the statement, so the estimate is a second one, run as the
          // caller in its own transaction.
          const explained = await run(true, plannedCountStatement(planned, options));
          row.total = plannedRows(explained);
        }
        return withProfile(readResponse(req, row), profile);
      }
      if (req.action === 'read' && target.kind === 'table') {
        // Reads repeat: their compiled statement is reused while the schema is unchanged.
        const key = `${cache.schema}.${readKey(req, target.name)}`;
        let statement = readCache.get(version, key);
        if (!statement) {
          statement = readStatement(req, plan(req, cache) as ReadPlan, options);
          readCache.set(key, statement);
        }
        return withProfile(readResponse(req, await run(true, statement)), profile);
      }
      const planned = plan(req, cache);
      switch (planned.kind) {
        case 'info':
          return withProfile(infoResponse(), profile);
        case 'read':
          return withProfile(readResponse(req, await run(true, readStatement(req, planned, options))), profile);
        case 'mutate':
          return withProfile(mutateResponse(req, planned, await run(false, mutateStatement(req, planned, options), resultCheck(req, planned))), profile);
        case 'call':
          return withProfile(callResponse(req, planned, await run(planned.readOnly, callStatement(req, planned, options), resultCheck(req, planned))), profile);
      }
    } catch (error) {
      return errorResponse(toRestError(error, role));
    }
  };
}
