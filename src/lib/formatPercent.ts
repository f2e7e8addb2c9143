// Its own module, not in ./progress.ts: progress bars are on every course page for everyone,
// the progress queries load only once someone is signed in.

/** A percentage as the UI shows it: whole numbers, never 100 % before everything is done. */
export function formatPercent(percentage: number): string {
  const rounded = Math.round(percentage);
  return `${percentage < 100 && rounded === 100 ? 99 : rounded}%`;
}
