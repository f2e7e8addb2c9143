import React from 'react';
import {render, screen} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import ForestPlot from '../../src/components/lesson/ForestPlot';
import {poolRiskRatios} from '../../shared/metaAnalysis/pooledRiskRatio';

// The four trials of the meta-analysis lesson.
const studies = [
  {label: 'Trial A', events1: 18, total1: 398, events2: 30, total2: 397},
  {label: 'Trial B', events1: 11, total1: 250, events2: 17, total2: 250},
  {label: 'Trial C', events1: 25, total1: 600, events2: 33, total2: 580},
  {label: 'Trial D', events1: 7, total1: 150, events2: 6, total2: 148},
];

const num = (el: Element | null, attr: string) => Number(el?.getAttribute(attr));

function drawn() {
  const {container} = render(<ForestPlot title="Forest plot of SSI" experimental="CHG" control="PVI" studies={studies} />);
  const tickX = (value: number) => num(container.querySelector(`[data-part="tick"][data-value="${value}"] line`), 'x1');
  const squares = [...container.querySelectorAll('[data-part="square"]')].map((el) => ({
    centre: num(el, 'x') + num(el, 'width') / 2,
    area: num(el, 'width') * num(el, 'height'),
  }));
  return {container, tickX, squares};
}

/** x of a ratio, interpolated on the log scale between the drawn 0.2 and 5 ticks. */
function xOf(tickX: (v: number) => number, value: number): number {
  const [left, right] = [tickX(0.2), tickX(5)];
  return left + ((Math.log(value) - Math.log(0.2)) / (Math.log(5) - Math.log(0.2))) * (right - left);
}

describe('ForestPlot', () => {
  const result = poolRiskRatios(studies);

  it('draws the line of no effect at RR 1 on a log axis', () => {
    const {container, tickX} = drawn();
    const nullX = num(container.querySelector('[data-part="null-line"]'), 'x1');
    expect(nullX).toBeCloseTo(tickX(1), 6);
    // Log scale: halving and doubling are the same distance from 1.
    expect(nullX - tickX(0.5)).toBeCloseTo(tickX(2) - nullX, 6);
    expect(nullX - tickX(0.2)).toBeCloseTo(tickX(5) - nullX, 6);
  });

  it('places each square at its RR, with an area proportional to its weight', () => {
    const {tickX, squares} = drawn();
    squares.forEach((square, i) => {
      expect(square.centre).toBeCloseTo(xOf(tickX, result.studies[i]?.riskRatio as number), 6);
      expect(square.area / (squares[0]?.area as number)).toBeCloseTo((result.studies[i]?.weight as number) / (result.studies[0]?.weight as number), 6);
    });
    // Trial D favours PVI: right of the null line; the others left of it.
    const nullX = tickX(1);
    expect(squares.map((s) => s.centre > nullX)).toEqual([false, false, false, true]);
  });

  it('draws the pooled diamond across the pooled 95% CI', () => {
    const {container, tickX} = drawn();
    const xs = (container.querySelector('[data-part="diamond"]')?.getAttribute('points') ?? '')
      .split(' ')
      .map((point) => Number(point.split(',')[0]));
    expect(Math.min(...xs)).toBeCloseTo(xOf(tickX, result.lower), 6);
    expect(Math.max(...xs)).toBeCloseTo(xOf(tickX, result.upper), 6);
    expect(result.riskRatio.toFixed(2)).toBe('0.70');
  });

  it('gives the figure an accessible name and a text alternative with the numbers', () => {
    drawn();
    const figure = screen.getByRole('img', {name: /Forest plot of SSI/});
    expect(figure.querySelector('desc')?.textContent).toContain('Trial A: 18/398 versus 30/397, weight 32.0%, risk ratio 0.60 (95% CI 0.34 to 1.06).');
    expect(figure.querySelector('desc')?.textContent).toContain('Pooled (common effect, inverse variance): risk ratio 0.70 (95% CI 0.51 to 0.96).');
    expect(screen.getByRole('rowheader', {name: 'Trial D'}).closest('tr')?.textContent).toContain('1.15 [0.40, 3.34]');
  });

  it('ends an interval that runs off the axis in an arrowhead at the axis edge', () => {
    // 2/40 versus 1/40: RR 2.0 with a 95% CI of about 0.19 to 21, wider than the 0.2–5 axis.
    const wide = [{label: 'Small', events1: 2, total1: 40, events2: 1, total2: 40}, studies[2] as (typeof studies)[0]];
    const {container} = render(<ForestPlot title="Wide" experimental="A" control="B" studies={wide} />);
    const interval = container.querySelector('[data-label="Small"] [data-part="ci"]');
    const line = interval?.querySelector('line');
    const tick = (value: number) => num(container.querySelector(`[data-part="tick"][data-value="${value}"] line`), 'x1');
    expect(num(line ?? null, 'x1')).toBeCloseTo(tick(0.2), 6);
    expect(num(line ?? null, 'x2')).toBeCloseTo(tick(5), 6);
    expect(interval?.querySelectorAll('path')).toHaveLength(2);
  });

  it('refuses a zero cell instead of plotting an infinite ratio', () => {
    expect(() => poolRiskRatios([{label: 'Zero', events1: 0, total1: 50, events2: 3, total2: 50}, studies[0] as (typeof studies)[0]])).toThrow(/Zero/);
  });
});
