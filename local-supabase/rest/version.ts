/**
 * The PostgREST major version whose behaviour local-supabase's REST service reproduces. The API
 * root reports it, and generated database types carry it (`__InternalSupabase.PostgrestVersion`)
 * so supabase-js enables the features of that version (e.g. `maxAffected`).
 */
export const POSTGREST_VERSION = '14';
