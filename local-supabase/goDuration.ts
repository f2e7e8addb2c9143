// Go's time.ParseDuration, which GoTrue and the Supabase CLI use for durations ("60s", "1h30m").

const UNIT_MS: Record<string, number> = {ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000};

/** Milliseconds, or undefined when `value` is not a Go duration. */
export function parseGoDuration(value: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let matched = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(value)) !== null) {
    total += Number(m[1]) * (UNIT_MS[m[2] as string] as number);
    matched = re.lastIndex;
  }
  return value === '' || matched !== value.length ? undefined : total;
}
