// axe-core against WCAG 2.2 AA, for any part of a page: the one rule set every e2e suite checks.
import AxeBuilder from '@axe-core/playwright';
import {expect, type Page} from '@playwright/test';

export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page, include = 'body'): Promise<void> {
  const result = await new AxeBuilder({page}).include(include).withTags(WCAG).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
