// The one shape of a service answer on the site: the data, or the text a user sees. Services
// never throw at components and never leak a Supabase error object (see errorText.ts).
export type Result<T = null> = {data: T; error: null} | {data: null; error: string};

export const ok = <T>(data: T): Result<T> => ({data, error: null});
export const fail = (error: string): {data: null; error: string} => ({data: null, error});
