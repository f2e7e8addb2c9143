// Whether this browser holds a session is known before any code loads: supabase-js keeps it in
// localStorage under one key. This inline script, in <head>, marks <html data-stored-session>
// when that key is there, so a page that waits for the account can show a visitor its
// invitation in the server-rendered HTML (painted at once) and a learner "Checking your
// account…" until their data arrives. The mark is only a first guess for the first paint: the
// page renders from the real auth state as soon as it is known.
import {authStorageKey} from '../lib/storedSession';

export const STORED_SESSION_ATTRIBUTE = 'data-stored-session';

export function storedSessionMarkerScript(supabaseUrl: string): string {
  return `(function(){try{if(window.localStorage.getItem(${JSON.stringify(authStorageKey(supabaseUrl))})!==null){document.documentElement.setAttribute(${JSON.stringify(
    STORED_SESSION_ATTRIBUTE,
  )},'');}}catch(e){}})();`;
}
