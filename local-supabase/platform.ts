import type {LocalSupabaseConfig} from './config';
import type {Database} from './db/database';
import type {KeyStore} from './keys';
import type {Outbox} from './mail/outbox';

/** Everything a service of local-supabase needs; built by startLocalSupabase (server.ts) for each server it starts. */
export interface Platform {
  config: LocalSupabaseConfig;
  db: Database;
  keys: KeyStore;
  mail: Outbox;
  apiUrl: string;
  mailboxUrl: string;
}

export interface RequestContext {
  platform: Platform;
  /** The caller's address: rate-limit buckets and the MFA challenge's same-address check. */
  ip: string;
  url: URL;
  /** Path below the service prefix, e.g. `/token` for `/auth/v1/token`. */
  path: string;
}

/** A service mounted under a prefix (`/auth/v1`, `/rest/v1`, `/functions/v1`). */
export type ServiceHandler = (request: Request, context: RequestContext) => Promise<Response>;
