/** Quotes an identifier; names come from the schema cache or are validated against it first. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Collects bind values; every client-supplied value travels as text and is cast in SQL. */
export class Params {
  readonly values: (string | null)[] = [];

  /** `$n::text` for a new value. */
  text(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}::text`;
  }
}

/** A Postgres array literal (`{"a","b"}`) for a list of text values. */
export function arrayLiteral(items: (string | null)[]): string {
  return `{${items.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}
