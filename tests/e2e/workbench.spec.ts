// The workbench in a real browser: a lesson's "Open this analysis" URL loads its trials, a model switch
// changes the numbers, and the downloaded R script, run through R's metafor, prints the page's numbers.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import {gzipSync} from 'node:zlib';
import {test, expect, waitForHydration} from './fixtures';
import {expectNoAxeViolations} from './axe';
import {createConfirmedUser, signInThroughModal, uniqueEmail} from './accounts';

function hasMetafor(): boolean {
  try {
    execFileSync('Rscript', ['-e', 'suppressMessages(library(metafor))'], {stdio: 'pipe'});
    return true;
  } catch {
    return false;
  }
}

const READ_BACK = `
options(digits = 15)
cat("RESULT estimate", exp(c(res$beta)), "\\n")
cat("RESULT ci_lower", exp(res$ci.lb), "\\n")
cat("RESULT ci_upper", exp(res$ci.ub), "\\n")
cat("RESULT pi_lower", exp(pred$pi.lb), "\\n")
cat("RESULT pi_upper", exp(pred$pi.ub), "\\n")
cat("RESULT tau2", res$tau2, "\\n")
`;

test('open the lesson’s analysis, switch model, and the downloaded R script reproduces the page', async ({page, consoleErrors}) => {
  test.skip(!hasMetafor(), 'Rscript with metafor is not installed (apt-get install r-base-core r-cran-metafor)');
  // The meta-analysis lesson's "Open this analysis" link (the lesson is Premium, so go straight to its target).
  await page.goto('/workbench?dataset=chlorhexidine&method=FE');
  await waitForHydration(page);
  const pooled = page.getByTestId('pooled');
  await expect(pooled).toHaveText('0.699 (95% CI 0.507 to 0.963)');
  await expect(page.getByRole('img', {name: /Forest plot, RR, FE/})).toBeVisible();

  await page.getByLabel('Model', {exact: true}).selectOption('REML');
  await page.getByLabel(/Hartung–Knapp–Sidik–Jonkman/).check();
  await expect(pooled).not.toHaveText('0.699 (95% CI 0.507 to 0.963)');
  const shown = (await pooled.textContent())!;
  const prediction = (await page.getByTestId('prediction').textContent())!;
  const heterogeneity = (await page.getByTestId('heterogeneity').textContent())!;

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'R script (metafor)'}).click()]);
  expect(download.suggestedFilename()).toBe('meta-analysis.R');
  const script = fs.readFileSync(await download.path(), 'utf8') + READ_BACK;
  const file = `${await download.path()}.R`;
  fs.writeFileSync(file, script);
  const out = execFileSync('Rscript', [file], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
  const r = new Map(out.split('\n').filter((l) => l.startsWith('RESULT ')).map((l) => [l.split(' ')[1]!, Number(l.split(' ')[2])]));
  const f3 = (key: string) => r.get(key)!.toFixed(3);
  expect(shown).toBe(`${f3('estimate')} (95% CI ${f3('ci_lower')} to ${f3('ci_upper')})`);
  expect(prediction).toBe(`${f3('pi_lower')} to ${f3('pi_upper')}`);
  expect(heterogeneity).toContain(`τ² = ${r.get('tau2')!.toFixed(4)}`);

  await expectNoAxeViolations(page, 'main');
  expect(consoleErrors.messages).toEqual([]);
});

test('a signed-in learner saves a named analysis, and after a reload reopens and deletes it', async ({page, consoleErrors}) => {
  const email = uniqueEmail('workbench');
  const password = 'workbench-pass-1234';
  await createConfirmedUser(email, password, 'Wendy Workbench');
  await page.goto('/workbench');
  await waitForHydration(page);
  await expect(page.getByText('Sign in to save named analyses to your account and reopen them later.')).toBeVisible();
  await signInThroughModal(page, email, password);
  await expect(page.getByText('No saved analyses yet.')).toBeVisible();

  await page.getByRole('button', {name: /Chlorhexidine-alcohol/}).click();
  await page.getByLabel('Model', {exact: true}).selectOption('FE');
  const pooled = page.getByTestId('pooled');
  await expect(pooled).toHaveText('0.699 (95% CI 0.507 to 0.963)');
  await page.getByLabel('Name of this analysis').fill('My SSI review');
  await page.getByRole('button', {name: 'Save analysis'}).click();
  await expect(page.getByRole('status').filter({hasText: 'Saved “My SSI review”.'})).toBeVisible();

  // A new visit: the stored session loads the client, the list comes from the account.
  await page.reload();
  await waitForHydration(page);
  const open = page.getByRole('button', {name: 'Open My SSI review'});
  await expect(open).toBeVisible();
  await expect(page.getByTestId('my-analyses')).toContainText('My SSI review (RR, FE, 4 studies)');
  await open.click();
  await expect(page.getByLabel('Model', {exact: true})).toHaveValue('FE');
  await expect(pooled).toHaveText('0.699 (95% CI 0.507 to 0.963)');

  await page.getByRole('button', {name: 'Delete My SSI review'}).click();
  await expect(page.getByText('No saved analyses yet.')).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText('No saved analyses yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'main');
  expect(consoleErrors.messages).toEqual([]);
});

/** Every script a first visit to the path fetches (route chunks included), as URL paths. */
async function scriptsOf(page: import('@playwright/test').Page, path: string): Promise<Set<string>> {
  const scripts = new Set<string>();
  const seen = (response: import('@playwright/test').Response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  };
  page.on('response', seen);
  await page.goto(path);
  await waitForHydration(page);
  page.off('response', seen);
  return scripts;
}

test('the workbench’s own JavaScript is under 150 KiB gzipped and the home page does not load it', async ({browser, request}) => {
  const home = await scriptsOf(await (await browser.newContext()).newPage(), '/');
  const workbench = await scriptsOf(await (await browser.newContext()).newPage(), '/workbench');
  const gz = async (paths: string[]) => {
    let total = 0;
    for (const p of paths) total += gzipSync(await (await request.get(p)).body()).length;
    return total;
  };
  const own = [...workbench].filter((p) => !home.has(p));
  const ownBytes = await gz(own);
  const totalBytes = await gz([...workbench]);
  console.log(`/workbench: ${(ownBytes / 1024).toFixed(1)} KiB gzipped of its own (${own.length} files), ${(totalBytes / 1024).toFixed(1)} KiB with the shared runtime`);
  expect(ownBytes).toBeLessThan(150 * 1024);
  // The engine's text is in the workbench's chunks, never in what the home page loads.
  for (const p of home) expect((await (await request.get(p)).text()).includes('a good alternative to REML'), p).toBe(false);
});
