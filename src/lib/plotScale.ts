/**
 * The plots' one mapping from data to SVG coordinates: `linearScale([d0, d1], [r0, r1])` sends d0 to
 * r0 and d1 to r1, in a straight line. With `clamp`, a value beyond the domain lands on its edge,
 * so a plot can end an interval that runs off its axis there (the forest plot draws an arrowhead).
 * An empty domain (d0 = d1) maps everything to r0 rather than to NaN.
 */
export function linearScale(domain: readonly [number, number], range: readonly [number, number], {clamp = false}: {clamp?: boolean} = {}): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const low = Math.min(d0, d1);
  const high = Math.max(d0, d1);
  const span = d1 - d0 || 1;
  return (value) => r0 + (((clamp ? Math.min(Math.max(value, low), high) : value) - d0) / span) * (r1 - r0);
}
