/** Quotes an identifier; names come from the schema cache or are validated against it first. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * How bind values are referenced: `$1, $2, …` or, for PGlite's single-statement path, elements of
 * one text[] parameter (`($1::text[])[n]`) so a statement of any shape has a fixed signature.
 */
export type ParamStyle = 'positional' | 'array';

/** Collects bind values; every client-supplied value travels as text and is cast in SQL. */
export class Params {
  readonly values: (string | null)[] = [];

  constructor(readonly style: ParamStyle = 'positional') {}

  /** A text-typed reference to a new value. */
  text(value: string | null): string {
    this.values.push(value);
    const n = this.values.length;
    return this.style === 'array' ? `($1::text[])[${n}]` : `$${n}::text`;
  }

  /**
   * The driver's parameter list for the statement. A statement without values binds none: a
   * bound `$1` the SQL never mentions is a protocol error (08P01) when run as a plain statement.
   */
  bind(): unknown[] {
    if (this.style === 'array') return this.values.length ? [this.values] : [];
    return this.values;
  }
}

export {arrayLiteral} from '../db/arrayLiteral';
