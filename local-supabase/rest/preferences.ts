import {ApiRequestError} from './errors';

export interface Preferences {
  return: 'minimal' | 'headers-only' | 'representation' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  /** `tx=commit|rollback`, read only where pgrst.db_tx_end allows an override (else null, as PostgREST). */
  tx: 'commit' | 'rollback' | null;
  maxAffected: number | null;
  strict: boolean;
  /** What was honoured, for the Preference-Applied header. */
  applied: string[];
}

const ALLOWED: Record<string, Set<string>> = {
  return: new Set(['minimal', 'headers-only', 'representation']),
  count: new Set(['exact', 'planned', 'estimated']),
  resolution: new Set(['merge-duplicates', 'ignore-duplicates']),
  missing: new Set(['default', 'null']),
  handling: new Set(['strict', 'lenient']),
  tx: new Set(['commit', 'rollback']),
};

// supabase-js joins several preferences into one comma-separated header; browsers may send several.
export function parsePrefer(header: string | null, allowTxOverride = false): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    maxAffected: null,
    strict: false,
    applied: [],
  };
  if (!header) return prefs;
  const invalid: string[] = [];
  for (const raw of header.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    const key = eq === -1 ? item : item.slice(0, eq).trim();
    const value = eq === -1 ? '' : item.slice(eq + 1).trim();
    if (key === 'max-affected' && /^[0-9]+$/.test(value)) {
      prefs.maxAffected = Number(value);
      continue;
    }
    if (!ALLOWED[key]?.has(value)) {
      invalid.push(item);
      continue;
    }
    switch (key) {
      case 'return':
        prefs.return = value as Preferences['return'];
        break;
      case 'count':
        prefs.count = value as Preferences['count'];
        break;
      case 'resolution':
        prefs.resolution = value as Preferences['resolution'];
        break;
      case 'missing':
        prefs.missing = value as Preferences['missing'];
        break;
      case 'handling':
        prefs.strict = value === 'strict';
        break;
      case 'tx':
        // Accepted either way (never invalid under handling=strict); honoured only where allowed.
        if (allowTxOverride) prefs.tx = value as Preferences['tx'];
        break;
    }
  }
  if (prefs.strict && invalid.length > 0) {
    throw new ApiRequestError('PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return prefs;
}
