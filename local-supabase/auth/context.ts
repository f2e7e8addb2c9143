import type {Platform} from '../platform';
import type {RateLimiter} from './rateLimit';
import type {AuthSettings} from './settings';

/** What every auth handler gets: the request and the service's shared state. */
export interface AuthContext {
  platform: Platform;
  request: Request;
  url: URL;
  ip: string;
  limiter: RateLimiter;
  /** [auth] settings from supabase/config.toml. */
  settings: AuthSettings;
}
