// Runs after the production build (scripts/test.ts builds the production configuration for these
// checks, and a second build with the test pages for the browser tests): what only the browser
// tests may open — /crash-test and the administrators' diagnostics /auth-test and
// /subscription-test (src/testPages) — is not in what ships, neither as a page, nor in the
// sitemap, nor as a route in the code.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build');

const testPageRoutes = fs
  .readdirSync(path.join(ROOT, 'src/testPages'))
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => `/${f.replace(/\.tsx?$/, '')}`);

describe('the production build', () => {
  it('knows the test pages to look for', () => {
    expect(testPageRoutes).toEqual(expect.arrayContaining(['/crash-test', '/auth-test', '/subscription-test']));
  });

  it('has no test page, in the files, the sitemap or the route table', () => {
    const sitemap = fs.readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
    const main = fs.readdirSync(path.join(BUILD, 'assets/js')).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
    expect(main, 'main.js in the build').toBeDefined();
    // The route table is in main.js as {path:"/…",component:…}; the site config beside it names
    // the test pages too (the sitemap's ignorePatterns, for the browser tests' build).
    const routes = fs.readFileSync(path.join(BUILD, 'assets/js', main as string), 'utf8');
    // A page that does ship, found the same three ways, so the checks below can fail.
    expect(fs.existsSync(path.join(BUILD, 'pricing/index.html'))).toBe(true);
    expect(sitemap).toContain('/pricing');
    expect(routes).toContain('path:"/pricing"');
    for (const route of testPageRoutes) {
      expect(fs.existsSync(path.join(BUILD, route.slice(1))), route).toBe(false);
      expect(fs.existsSync(path.join(BUILD, `${route.slice(1)}.html`)), route).toBe(false);
      expect(sitemap, route).not.toContain(route);
      expect(routes, route).not.toContain(`path:"${route}"`);
    }
  });
});
