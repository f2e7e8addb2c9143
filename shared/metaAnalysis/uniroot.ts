// R's uniroot() (Brent's zeroin, R_zeroin2 in src/library/stats/src/zeroin.c) step for step:
// metafor's Paule–Mandel τ² and power.*.test's n stop at a tolerance of about 1e-4, so matching
// R to 4 decimals means taking the same steps, not just finding the same root.

export const R_TOL = Math.pow(2.220446049250313e-16, 0.25);

export interface RootResult {
  root: number;
  iterations: number;
  converged: boolean;
}

export function uniroot(f: (x: number) => number, lower: number, upper: number, tol = R_TOL, maxiter = 1000): RootResult {
  const fLower = f(lower);
  const fUpper = f(upper);
  if (fLower * fUpper > 0) throw new RangeError('uniroot: f() values at end points not of opposite sign');
  return zeroin(f, lower, upper, fLower, fUpper, tol, maxiter);
}

function zeroin(f: (x: number) => number, ax: number, bx: number, faIn: number, fbIn: number, tol: number, maxit: number): RootResult {
  const EPSILON = 2.220446049250313e-16;
  let a = ax;
  let b = bx;
  let fa = faIn;
  let fb = fbIn;
  let c = a;
  let fc = fa;
  if (fa === 0) return {root: a, iterations: 0, converged: true};
  if (fb === 0) return {root: b, iterations: 0, converged: true};
  let left = maxit + 1;
  while (left--) {
    const prevStep = b - a;
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tolAct = 2 * EPSILON * Math.abs(b) + tol / 2;
    let newStep = (c - b) / 2;
    if (Math.abs(newStep) <= tolAct || fb === 0) return {root: b, iterations: maxit + 1 - left - 1, converged: true};
    if (Math.abs(prevStep) >= tolAct && Math.abs(fa) > Math.abs(fb)) {
      let p: number;
      let q: number;
      const cb = c - b;
      if (a === c) {
        const t1 = fb / fa;
        p = cb * t1;
        q = 1 - t1;
      } else {
        const qq = fa / fc;
        const t1 = fb / fc;
        const t2 = fb / fa;
        p = t2 * (cb * qq * (qq - t1) - (b - a) * (t1 - 1));
        q = (qq - 1) * (t1 - 1) * (t2 - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (p < 0.75 * cb * q - Math.abs(tolAct * q) / 2 && p < Math.abs((prevStep * q) / 2)) newStep = p / q;
    }
    if (Math.abs(newStep) < tolAct) newStep = newStep > 0 ? tolAct : -tolAct;
    a = b;
    fa = fb;
    b += newStep;
    fb = f(b);
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
    }
  }
  return {root: b, iterations: maxit, converged: false};
}
