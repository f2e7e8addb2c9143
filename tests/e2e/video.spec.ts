// The lesson video embed is privacy-friendly: nothing is requested from the video provider until
// the learner presses play.
import {test, expect, waitForHydration} from './fixtures';

const LESSON = '/docs/modules/data-analysis/overview';

test('a lesson video makes no third-party request until it is clicked', async ({page, baseURL}) => {
  const origin = new URL(baseURL as string).origin;
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) thirdParty.push(request.url());
  });
  // The sandbox has no internet: answer provider requests locally so the test sees them made.
  await page.route(/youtube-nocookie\.com|youtube\.com|ytimg\.com|vimeo\.com/, (route) =>
    route.fulfill({status: 200, contentType: 'text/html', body: '<html><body>player</body></html>'}),
  );

  await page.goto(LESSON);
  await waitForHydration(page);
  const play = page.getByRole('button', {name: /play video/i}).first();
  await play.scrollIntoViewIfNeeded();
  await expect(play).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(thirdParty).toEqual([]);
  await expect(page.locator('iframe[src*="youtube"]')).toHaveCount(0);

  await play.click();
  const iframe = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
  await expect(iframe).toHaveCount(1);
  await expect.poll(() => thirdParty.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
});
