/** Quotes an identifier; names come from the schema cache or are validated against it first. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * How bind values are referenced: `$1, $2, …` or, on PGlite, elements of one text[] parameter
 * (`($1::text[])[n]`), so that its cost check (runner.ts) can plan a statement of any shape
 * through one EXECUTE … USING.
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
   * The driver's parameter list for the statement. In the array style it is always the one
   * text[] `$1`, mentioned or not: the runner prepares each text with that parameter type.
   */
  bind(): unknown[] {
    return this.style === 'array' ? [this.values] : this.values;
  }
}

export {arrayLiteral} from '../db/arrayLiteral';
