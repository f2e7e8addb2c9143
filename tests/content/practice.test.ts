// Every module lesson lets the learner practise and says when it was last checked: 2–4 exercises
// with a worked answer in a "Practice exercises" section, a review date in front matter, and at
// least two links to primary sources.
import {describe, expect, it} from 'vitest';
import {listDocFiles, readDoc, withoutCode, type DocPage} from './docsTree';
import {parseReviewDate} from '../../src/components/lesson/LastReviewed/reviewDate';

const lessons = listDocFiles()
  .map(readDoc)
  .filter((p) => /^modules\/[^/]+\/(?!index$)[^/]+$/.test(p.id));

/** The body of one `## ` section, code blocks blanked out. */
function section(page: DocPage, title: RegExp): string | null {
  const start = page.headings.find((h) => h.level === 2 && title.test(h.text));
  if (!start) return null;
  const next = page.headings.find((h) => h.level === 2 && h.line > start.line);
  return withoutCode(page.body)
    .split('\n')
    .slice(start.line + 1, next?.line)
    .join('\n');
}

describe.each(lessons.map((p) => [p.id, p] as const))('%s', (_id, page) => {
  it('ends with 2–4 exercises, each with a worked answer, before the references', () => {
    const practice = section(page, /^Practice exercises$/);
    expect(practice, 'a "## Practice exercises" section').not.toBeNull();
    const exercises = (practice as string).split(/<Exercise\b/).slice(1);
    expect(exercises.length).toBeGreaterThanOrEqual(2);
    expect(exercises.length).toBeLessThanOrEqual(4);
    for (const exercise of exercises) {
      expect(exercise).toMatch(/^\s+title="[^"]{3,}"/);
      expect(exercise).toMatch(/<Solution>[\s\S]*\S[\s\S]*<\/Solution>/);
    }
    const h2 = page.headings.filter((h) => h.level === 2).map((h) => h.text);
    expect(h2.at(-2)).toBe('Practice exercises');
  });

  it('has a last-reviewed date that is a real day, not in the future', () => {
    const date = parseReviewDate(page.data.last_reviewed);
    expect(date, 'front matter last_reviewed: YYYY-MM-DD').not.toBeNull();
    expect((date as Date).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('links at least two primary sources in its references', () => {
    const references = section(page, /^References/) ?? '';
    const links = references.match(/\]\(https?:\/\/[^)\s]+\)/g) ?? [];
    expect(links.length).toBeGreaterThanOrEqual(2);
  });
});
