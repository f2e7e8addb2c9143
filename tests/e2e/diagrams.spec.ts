// Diagrams arrive as SVG inside the page: no diagram library is downloaded, the picture is named
// and described for screen readers, and it follows the colour mode.
import {test, expect, waitForHydration} from './fixtures';

const PAGE = '/docs/intro';

test('a diagram page renders SVG and downloads no diagram library', async ({page, consoleErrors}) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
  });
  await page.goto(PAGE);
  await waitForHydration(page);
  const diagram = page.getByRole('img', {name: 'A vague idea', exact: true});
  await expect(diagram).toBeVisible();
  await expect(diagram).toHaveAccessibleDescription(/A vague idea → Focused question: FINER and PICO/);
  await page.waitForLoadState('networkidle');
  // Mermaid's own code announces itself in every chunk with its parser's name.
  expect(scripts.filter((source) => /flowchart-elk|mermaidAPI|dagre-d3/.test(source))).toEqual([]);
  expect(consoleErrors.messages).toEqual([]);
});

test('a diagram follows the colour mode', async ({page}) => {
  await page.goto(PAGE);
  await waitForHydration(page);
  // A node's label, not an edge's (edge labels use the secondary text colour).
  const label = page.locator('figure svg[role="img"] text', {hasText: 'A vague idea'});
  const light = await label.evaluate((el) => getComputedStyle(el).fill);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  const dark = await label.evaluate((el) => getComputedStyle(el).fill);
  expect(light).toBe('rgb(28, 30, 33)');
  expect(dark).toBe('rgb(227, 227, 227)');
});
