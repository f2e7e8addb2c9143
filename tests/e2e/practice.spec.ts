// Practice material in a real browser: an exercise's worked answer is hidden until the learner
// opens it from the keyboard, and is then a labelled region a screen reader can find; the
// templates and datasets the lessons offer download as files of the right type.
import fs from 'node:fs';
import {test, expect, waitForHydration} from './fixtures';

const LESSON = '/docs/modules/data-analysis/analysis-tests';

test('a worked answer opens from the keyboard and is announced as the "Worked answer" region', async ({page, consoleErrors}) => {
  await page.goto(LESSON);
  await waitForHydration(page);
  const exercise = page.getByRole('region', {name: /Choose the test for four study questions/});
  const toggle = exercise.getByRole('button', {name: 'Show worked answer'});
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Hidden answers are out of the accessibility tree, so the region is not found yet.
  await expect(exercise.getByRole('region', {name: 'Worked answer'})).toHaveCount(0);
  await expect(exercise.getByText('McNemar', {exact: false})).toBeHidden();

  // Keyboard only: start from the exercise heading, as a reader would, and Tab to the button.
  await exercise.getByRole('heading', {level: 3}).click();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');

  const opened = exercise.getByRole('button', {name: 'Hide worked answer'});
  await expect(opened).toHaveAttribute('aria-expanded', 'true');
  const answer = exercise.getByRole('region', {name: 'Worked answer'});
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('McNemar');
  await expect(opened).toHaveAttribute('aria-controls', (await answer.getAttribute('id')) as string);

  // Enter again closes it, and focus stays on the button.
  await page.keyboard.press('Enter');
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(exercise.getByRole('region', {name: 'Worked answer'})).toHaveCount(0);
  expect(consoleErrors.messages).toEqual([]);
});

test('a template offered in a lesson downloads as a CSV file', async ({page}) => {
  await page.goto('/docs/modules/systematic-review/screen-title-abstract');
  await waitForHydration(page);
  const link = page.getByRole('link', {name: 'screening form (CSV)'});
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('screening-form.csv');
  const saved = await download.path();
  expect(fs.readFileSync(saved, 'utf8').split('\n')[0]).toContain('Exclusion reason (first criterion failed)');
  // The learner stays on the lesson: a download does not navigate away.
  await expect(page).toHaveURL(/screen-title-abstract$/);
});

test('templates and datasets are served with their content types', async ({request}) => {
  const expected: [string, RegExp][] = [
    ['/templates/screening-form.csv', /^text\/csv/],
    ['/templates/data-extraction-form.xlsx', /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/],
    ['/templates/prisma-2020-flow-diagram.svg', /^image\/svg\+xml/],
    ['/templates/cover-letter-skeleton.md', /^text\/markdown/],
    ['/templates/cover-letter-skeleton.docx', /^application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document/],
    ['/datasets/wound_trial.csv', /^text\/csv/],
  ];
  for (const [path, type] of expected) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(type);
  }
});
