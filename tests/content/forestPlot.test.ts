// The meta-analysis lesson's forest plot is drawn from the counts in its <ForestPlot> element;
// the lesson also prints those counts and the numbers computed from them. If anyone edits one
// and not the other, the figure and the text would disagree: this test makes that a failure.
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {META_ANALYSIS_LESSON, runningExampleStudies} from './runningExample';
import {poolRiskRatios, type TwoByTwo} from '../../shared/metaAnalysis/pooledRiskRatio';

const lesson = fs.readFileSync(META_ANALYSIS_LESSON, 'utf8');

/** Table rows that start with a trial letter, split into trimmed cells. */
function rows(header: RegExp): string[][] {
  const lines = lesson.split('\n');
  const start = lines.findIndex((line) => header.test(line));
  expect(start, `a table whose header matches ${header}`).toBeGreaterThanOrEqual(0);
  const table: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    table.push(line.split('|').slice(1, -1).map((cell) => cell.trim()));
  }
  return table.filter((cells) => /^[A-Z]$/.test(cells[0] as string));
}

const minus = (text: string) => Number(text.replace('−', '-'));

describe('meta-analysis lesson: forest plot and text agree', () => {
  const studies = runningExampleStudies();
  const result = poolRiskRatios(studies);

  it('plots the same trials and counts as the data table', () => {
    const data = rows(/^\| Trial \| CHG events \/ N \|/);
    expect(data.map((cells) => `Trial ${cells[0]}`)).toEqual(studies.map((s) => s.label));
    data.forEach((cells, i) => {
      const s = studies[i] as TwoByTwo;
      expect(cells[1]).toBe(`${s.events1} / ${s.total1}`);
      expect(cells[2]).toBe(`${s.events2} / ${s.total2}`);
      expect(cells[5]).toBe(result.studies[i]?.riskRatio.toFixed(3));
    });
  });

  it('prints the log RRs, variances and weights the figure is drawn with', () => {
    const weights = rows(/^\| Trial \| log RR \(y\) \|/);
    expect(weights).toHaveLength(studies.length);
    weights.forEach((cells, i) => {
      const s = result.studies[i];
      expect(minus(cells[1] as string)).toBeCloseTo(s?.logRiskRatio as number, 3);
      expect(Number(cells[2])).toBeCloseTo(s?.variance as number, 4);
      expect(cells[4]).toBe(s?.weight.toFixed(2));
      expect(minus(cells[5] as string)).toBeCloseTo((s?.logRiskRatio as number) * (s?.weight as number), 3);
      expect(cells[6]).toBe(s?.weightPercent.toFixed(1));
    });
  });

  it('states the pooled result and heterogeneity the figure shows', () => {
    const pooled = `RR 0.70 (95% CI 0.51 to 0.96)`;
    expect(pooled).toBe(`RR ${result.riskRatio.toFixed(2)} (95% CI ${result.lower.toFixed(2)} to ${result.upper.toFixed(2)})`);
    expect(lesson).toContain(pooled);
    expect(lesson).toContain(`**${result.q.toFixed(2)}**`);
    expect(result.iSquared).toBe(0);
  });
});
