// The forest and funnel plots place every mark through linearScale; these are the rules they rely on.
import {describe, expect, it} from 'vitest';
import {linearScale} from '../../src/lib/plotScale';

describe('linearScale', () => {
  it('sends the ends of the domain to the ends of the range and the rest in a straight line', () => {
    const x = linearScale([-2, 2], [60, 500]);
    expect(x(-2)).toBe(60);
    expect(x(2)).toBe(500);
    expect(x(0)).toBe(280);
    expect(x(4)).toBe(720);
  });

  it('runs a range backwards as given (an axis drawn downwards or leftwards)', () => {
    const y = linearScale([0, 10], [290, 20]);
    expect(y(0)).toBe(290);
    expect(y(10)).toBe(20);
    expect(y(5)).toBe(155);
  });

  it('with clamp, puts a value beyond either end of the domain on that end', () => {
    const x = linearScale([0, 1], [430, 740], {clamp: true});
    expect(x(-3)).toBe(430);
    expect(x(9)).toBe(740);
    expect(x(0.5)).toBe(585);
  });

  it('maps an empty domain to the start of the range instead of NaN', () => {
    expect(linearScale([3, 3], [60, 500])(3)).toBe(60);
  });
});
