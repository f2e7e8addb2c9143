import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {PREMIUM_PLAN, discountedPrice, formatAmount} from './plan';

const root = path.resolve(__dirname, '..');

/** Every TypeScript source file under `dir` (tests left out: they may name the plan to check it). */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('Premium plan pricing', () => {
  it('is a price PayPal can charge: positive, in whole cents', () => {
    expect(PREMIUM_PLAN.priceUsd).toBeGreaterThan(0);
    expect(Number.isInteger(Math.round(PREMIUM_PLAN.priceUsd * 100))).toBe(true);
    expect(Math.abs(PREMIUM_PLAN.priceUsd * 100 - Math.round(PREMIUM_PLAN.priceUsd * 100))).toBeLessThan(1e-9);
  });

  it('is defined here only: site, functions and simulator import it', () => {
    const files = ['src', 'supabase/functions', 'local-supabase'].flatMap(sources);
    const copies = files.filter((file) => readFileSync(path.join(root, file), 'utf8').includes(`'${PREMIUM_PLAN.key}'`));
    expect(copies).toEqual([]);
    const importers = files.filter((file) => /from '[./]+\/shared\/plan(\.ts)?'/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(importers.some((file) => file.startsWith('src/'))).toBe(true);
    expect(importers.some((file) => file.startsWith('supabase/functions/'))).toBe(true);
    expect(importers.some((file) => file.startsWith('local-supabase/'))).toBe(true);
  });

  it('applies whole-percent discounts rounded to cents', () => {
    expect(discountedPrice(null)).toBe(PREMIUM_PLAN.priceUsd);
    expect(discountedPrice(0)).toBe(PREMIUM_PLAN.priceUsd);
    expect(discountedPrice(20, 49)).toBe(39.2);
    expect(discountedPrice(33, 49)).toBe(32.83);
    expect(discountedPrice(50, 0.05)).toBe(0.03);
    expect(discountedPrice(100)).toBe(0);
    expect(discountedPrice(15, 9.99)).toBe(8.49);
    expect(() => discountedPrice(101)).toThrow(RangeError);
    expect(() => discountedPrice(2.5)).toThrow(RangeError);
  });

  it('formats amounts as PayPal expects', () => {
    expect(formatAmount(39.2)).toBe('39.20');
    expect(formatAmount(49)).toBe('49.00');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
  });
});
