// Shared by the "Last reviewed" line and the content test that requires a date on every lesson.
/** YAML turns an unquoted date into a Date, JSON serialisation into an ISO string: accept both. */
export function parseReviewDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value.slice(0, 10))) return null;
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
