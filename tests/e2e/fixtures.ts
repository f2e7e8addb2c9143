// Shared e2e helpers: wait for hydration as Docusaurus's own screenshot tests do, and collect
// console errors so a page that logs one fails.
import {test as base, expect, type Page} from '@playwright/test';

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

export interface ConsoleProblems {
  messages: string[];
}

export const test = base.extend<{consoleErrors: ConsoleProblems}>({
  consoleErrors: async ({page}, use) => {
    const problems: ConsoleProblems = {messages: []};
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.messages.push(msg.text());
    });
    page.on('pageerror', (error) => problems.messages.push(error.message));
    await use(problems);
  },
});

export {expect};
