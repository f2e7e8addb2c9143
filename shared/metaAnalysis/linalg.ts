// The few dense-matrix operations the models need (k × p design matrices with small p).

export type Matrix = number[][];

export function invert(m: Matrix): Matrix {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({length: n}, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (a[pivot]![col] === 0) throw new RangeError('singular matrix');
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const row = a[col]!;
    const scale = row[col]!;
    for (let j = 0; j < 2 * n; j++) row[j]! /= scale;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const other = a[r]!;
      const factor = other[col]!;
      if (factor === 0) continue;
      for (let j = 0; j < 2 * n; j++) other[j]! -= factor * row[j]!;
    }
  }
  return a.map((row) => row.slice(n));
}

/** X'WX for a diagonal W given as weights. */
export function crossprodWeighted(X: Matrix, w: number[]): Matrix {
  const p = X[0]!.length;
  const out = Array.from({length: p}, () => new Array<number>(p).fill(0));
  X.forEach((x, i) => {
    for (let r = 0; r < p; r++) for (let c = 0; c < p; c++) out[r]![c]! += w[i]! * x[r]! * x[c]!;
  });
  return out;
}

/** X'Wy for a diagonal W given as weights. */
export function crossprodWeightedY(X: Matrix, w: number[], y: number[]): number[] {
  const p = X[0]!.length;
  const out = new Array<number>(p).fill(0);
  X.forEach((x, i) => {
    for (let r = 0; r < p; r++) out[r]! += w[i]! * x[r]! * y[i]!;
  });
  return out;
}

export function matVec(m: Matrix, v: number[]): number[] {
  return m.map((row) => row.reduce((s, x, j) => s + x * v[j]!, 0));
}

/** x' A x */
export function quadForm(A: Matrix, x: number[]): number {
  return x.reduce((s, xi, i) => s + xi * A[i]!.reduce((t, a, j) => t + a * x[j]!, 0), 0);
}

/** log |det(m)| by Gaussian elimination with partial pivoting. */
export function logDet(m: Matrix): number {
  const a = m.map((row) => [...row]);
  const n = a.length;
  let sum = 0;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const d = a[col]![col]!;
    sum += Math.log(Math.abs(d));
    for (let r = col + 1; r < n; r++) {
      const f = a[r]![col]! / d;
      for (let j = col; j < n; j++) a[r]![j]! -= f * a[col]![j]!;
    }
  }
  return sum;
}
