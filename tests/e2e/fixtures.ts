// Shared e2e helpers: wait for hydration (tests/hydration.ts), and collect console errors so a page
// that logs one fails.
import {test as base, expect} from '@playwright/test';

export {waitForHydration} from '../hydration';

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
