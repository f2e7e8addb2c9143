// Dates as the product prints them, "23 November 2026", in UTC: on the site (lessons, progress,
// certificates) and in the transactional mails. Written out by hand rather than with
// toLocaleDateString: a page's first Intl call loads ICU's locale data (65–100 ms of main thread
// under Lighthouse's 4× CPU slowdown), and every lesson prints its review date while hydrating.
// On a wide screen that was a lesson's only Intl use; on a phone the theme's docs menu still
// makes one (a localeCompare), so there the saving is the date format's own 5–35 ms.
// Plain TypeScript without imports, so Deno (Edge Functions), Node and the site bundle load it.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The UTC calendar date, day month year (en-GB's long form); "" for an invalid date. */
export function formatLongDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
