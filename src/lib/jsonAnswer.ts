// Reading the `Json` that jsonb-returning database functions answer with (get_knowledge_check,
// start_knowledge_check, submit_knowledge_check, revoke_certificate, check_discount_code and
// verify_certificate's rows; get_premium_lesson's answer is parsed in premiumLessons.ts). The
// generated types can only say `Json` for them, so each service checks the shape it relies on
// here instead of asserting it: an unexpected answer becomes the service's own error text.
import type {Json} from '../../shared/database.types';

export type JsonObject = {[key: string]: Json | undefined};

/** The answer did not have the shape the service expects. */
class UnexpectedAnswer extends Error {}

/** Fails the parse: the answer holds something the service does not know. */
export function unexpected(what: string): never {
  throw new UnexpectedAnswer(`unexpected ${what}`);
}

export function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object(value: Json | undefined): JsonObject {
  if (!isJsonObject(value)) throw new UnexpectedAnswer('expected an object');
  return value;
}

export function array(value: Json | undefined): Json[] {
  if (!Array.isArray(value)) throw new UnexpectedAnswer('expected an array');
  return value;
}

export function string(value: Json | undefined): string {
  if (typeof value !== 'string') throw new UnexpectedAnswer('expected a string');
  return value;
}

export function boolean(value: Json | undefined): boolean {
  if (typeof value !== 'boolean') throw new UnexpectedAnswer('expected a boolean');
  return value;
}

/** A number; Postgres numerics may arrive as numeric strings. */
export function number(value: Json | undefined): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new UnexpectedAnswer('expected a number');
  return n;
}

/** `read(value)`, or null when the value is null or absent. */
export function nullable<T>(value: Json | undefined, read: (value: Json | undefined) => T): T | null {
  return value === null || value === undefined ? null : read(value);
}

/** `parse(value)`, or null when the answer does not have the expected shape. */
export function parseAnswer<T>(value: Json | undefined, parse: (value: Json | undefined) => T): T | null {
  try {
    return parse(value);
  } catch (error) {
    if (error instanceof UnexpectedAnswer) return null;
    throw error;
  }
}
