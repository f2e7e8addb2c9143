// Dates as the site prints them, "23 November 2026", in UTC. Written out by hand rather than with
// toLocaleDateString: a page's first Intl call loads ICU's locale data, 20–25 ms of main thread
// on a mid-range phone (about 90 ms under Lighthouse's 4× CPU slowdown), and every lesson prints
// its review date while hydrating.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The UTC calendar date, day month year (en-GB's long form); "" for an invalid date. */
export function formatLongDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
