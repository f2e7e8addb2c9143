/**
 * The rows a query returned, or an Error naming what failed. A write without `.select()` returns
 * no rows (supabase-js gives null data then), which is an empty list here.
 */
export function rowsOf<T>(result: {data: T[] | null; error: {message: string} | null}, what: string): T[] {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data ?? [];
}

/** The one row of a `.single()` query, or an Error naming what failed. */
export function rowOf<T>(result: {data: T; error: {message: string} | null}, what: string): NonNullable<T> {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  if (result.data === null || result.data === undefined) throw new Error(`${what}: no row returned`);
  return result.data;
}
