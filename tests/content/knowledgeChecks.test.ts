// Every module lesson ends with a knowledge check a methods teacher would set: a pool of questions
// (8–9 for the default 5 asked) in `<lesson>.check.yaml` (format and minimum pool size:
// src/knowledgeChecks/schema.ts), each pointing at a real section
// of its lesson, and every calculated answer recomputed here from the numbers in its question.
import fs from 'node:fs';
import path from 'node:path';
import {evaluate} from 'mathjs';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR, listDocFiles, readDoc} from './docsTree';
import {headingAnchors} from './headingAnchors';
import {checkFileFor, readCheckFile, readChecks} from '../../src/knowledgeChecks/readChecks';

const lessons = listDocFiles()
  .map(readDoc)
  .filter((p) => /^modules\/[^/]+\/(?!index$)[^/]+$/.test(p.id));

/** Numbers as a question may print them: 0.30 as "0.30" or "0.3", 1200 as "1200" or "1,200". */
function spellings(value: number): string[] {
  const plain = String(value);
  return [plain, value.toLocaleString('en-US', {maximumFractionDigits: 10}), value.toFixed(2), value.toFixed(1)];
}

it('every check file belongs to a lesson', () => {
  for (const {file} of readChecks(DOCS_DIR)) {
    expect(fs.existsSync(file.replace(/\.check\.yaml$/, '.mdx')) || fs.existsSync(file.replace(/\.check\.yaml$/, '.md')), file).toBe(true);
  }
});

describe.each(lessons.map((p) => [p.id, p] as const))('%s', (_id, page) => {
  it('has a knowledge check whose questions point at its own sections', () => {
    const file = checkFileFor(page.file);
    expect(fs.existsSync(file), `${path.relative(DOCS_DIR, file)} exists`).toBe(true);
    const check = readCheckFile(file);
    const anchors = new Set(headingAnchors(page));
    for (const question of check.questions) {
      expect(anchors.has(question.section.slice(1)), `${question.id}: section ${question.section} is a heading of the lesson`).toBe(true);
    }
  });

  it('recomputes every calculated answer from the numbers in its question', () => {
    const file = checkFileFor(page.file);
    if (!fs.existsSync(file)) return;
    for (const question of readCheckFile(file).questions) {
      if (question.type !== 'numeric' || question.formula === undefined || question.variables === undefined) continue;
      const computed = Number(evaluate(question.formula, {...question.variables}));
      expect(Math.abs(computed - question.answer), `${question.id}: ${question.formula} = ${computed}`).toBeLessThanOrEqual(question.tolerance);
      for (const [name, value] of Object.entries(question.variables)) {
        const found = spellings(value).some((s) => question.prompt.includes(s));
        expect(found, `${question.id}: the value of ${name} (${value}) appears in the prompt`).toBe(true);
      }
    }
  });
});
