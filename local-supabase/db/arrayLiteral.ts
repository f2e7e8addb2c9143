/** A Postgres array literal (`{"a","b"}`) for a list of text values. */
export function arrayLiteral(items: (string | null)[]): string {
  return `{${items.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}
