// PostgREST lets SQL set response headers: a function (or trigger) sets the transaction-local
// `response.headers` to a JSON array of one-key objects, e.g.
//   perform set_config('response.headers', '[{"Cache-Control": "private, no-store"}]', true);
// and PostgREST adds them to the HTTP response. The runner reads the setting at the end of the
// request's statement; this turns it into headers, refusing a malformed value as PostgREST does.
import {ApiRequestError} from './errors';

const MALFORMED = 'response.headers guc must be a JSON array composed of objects with a single key and a string value';

export function responseHeaders(setting: string | null | undefined): Record<string, string> {
  if (!setting) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(setting);
  } catch {
    throw new ApiRequestError('PGRST111', MALFORMED);
  }
  if (!Array.isArray(parsed)) throw new ApiRequestError('PGRST111', MALFORMED);
  const headers: Record<string, string> = {};
  for (const item of parsed) {
    const entries = item !== null && typeof item === 'object' && !Array.isArray(item) ? Object.entries(item as object) : [];
    const [entry] = entries;
    if (entries.length !== 1 || !entry || typeof entry[1] !== 'string') throw new ApiRequestError('PGRST111', MALFORMED);
    headers[entry[0].toLowerCase()] = entry[1];
  }
  return headers;
}
