// The qualitative evidence synthesis lesson quotes totals of its worked example (participants in the
// included studies, and in the studies behind the finding it rates with GRADE-CERQual). They are
// recomputed here from the lesson's own table of included studies, so editing a row cannot leave a
// stale total in the prose.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR} from './docsTree';

const lesson = fs.readFileSync(path.join(DOCS_DIR, 'modules/systematic-review/qualitative-evidence-synthesis.mdx'), 'utf8');

/** The rows of the included-studies table: study label and the number of participants it reports. */
function includedStudies(): Map<string, number> {
  const rows = [...lesson.matchAll(/^\| (Q\d) \| [^|]+ \| (\d+) [^|]+ \|/gm)];
  return new Map(rows.map((m) => [m[1] as string, Number(m[2])]));
}

const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('qualitative evidence synthesis: the worked example adds up', () => {
  const studies = includedStudies();

  it('reads six included studies from the table', () => {
    expect([...studies.keys()]).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6']);
  });

  it('states the total number of participants the table gives', () => {
    const total = [...studies.values()].reduce((a, b) => a + b, 0);
    const m = /The (\w+) studies include (\d+) participants/.exec(lesson);
    expect(m, 'the total sentence').not.toBeNull();
    expect(m?.[1]).toBe(words[studies.size]);
    expect(Number(m?.[2])).toBe(total);
  });

  it('states the participants behind finding F1 from the studies it names', () => {
    const m = /It is supported by ((?:Q\d, )*Q\d and Q\d): (\w+) studies with (\d+) participants/.exec(lesson);
    expect(m, 'the F1 support sentence').not.toBeNull();
    const named = (m?.[1] as string).split(/, | and /);
    expect(m?.[2]).toBe(words[named.length]);
    expect(Number(m?.[3])).toBe(named.reduce((sum, id) => sum + (studies.get(id) ?? Number.NaN), 0));
  });
});
