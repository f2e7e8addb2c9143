// Shared by the form and its unit tests; kept apart so the eager shell need not load the form.
/** A numeric answer as typed ("0.72", "0,72", " 18 "), or null when it is not a number. */
export function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(/\s+/g, '');
  const normalised = cleaned.includes('.') ? cleaned.replace(/,/g, '') : cleaned.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}
