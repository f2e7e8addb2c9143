import type {JwtClaims} from '../keys';
import type {Platform} from '../platform';
import type {AuthMailer} from './mail';
import type {RateLimiter} from './rateLimit';
import type {Caller} from './requestAuth';
import type {AuthSettings} from '../projectConfig';

/** What every auth handler gets: the request and the service's shared state. */
export interface AuthContext {
  platform: Platform;
  request: Request;
  url: URL;
  ip: string;
  limiter: RateLimiter;
  /** Renders the mails from config.toml's templates. */
  mailer: AuthMailer;
  /** [auth] settings from supabase/config.toml. */
  settings: AuthSettings;
}

/** A handler behind GoTrue's requireAuthentication: the signed-in caller is resolved already. */
export interface UserContext extends AuthContext {
  caller: Caller;
}

/** A handler behind GoTrue's requireAdminCredentials (service_role). */
export interface AdminContext extends AuthContext {
  admin: JwtClaims;
}
