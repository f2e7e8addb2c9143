// The test pages (src/testPages, e.g. /crash-test) are a pages-plugin instance of their own that
// only the dev server and the browser tests' build turn on: a production build has no such route.
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Config, PluginConfig} from '@docusaurus/types';

async function pluginsWith(env: Record<string, string | undefined>): Promise<PluginConfig[]> {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const config = ((await import('../../docusaurus.config')) as {default: Config}).default;
  return (config.plugins ?? []) as PluginConfig[];
}

const isTestPages = (plugin: PluginConfig) =>
  Array.isArray(plugin) && plugin[0] === '@docusaurus/plugin-content-pages' && (plugin[1] as {path?: string} | undefined)?.path === 'src/testPages';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('test pages', () => {
  it('are not in a production build', async () => {
    const plugins = await pluginsWith({NODE_ENV: 'production', RMA_TEST_PAGES: undefined});
    expect(plugins.filter(isTestPages)).toEqual([]);
  });

  it('are in the browser tests’ build and on the dev server', async () => {
    expect((await pluginsWith({NODE_ENV: 'production', RMA_TEST_PAGES: '1'})).filter(isTestPages)).toHaveLength(1);
    expect((await pluginsWith({NODE_ENV: 'development', RMA_TEST_PAGES: undefined})).filter(isTestPages)).toHaveLength(1);
  });

  it('are not among the production routes of src/pages', async () => {
    const {readdirSync} = await import('node:fs');
    const path = await import('node:path');
    const pages = readdirSync(path.resolve(__dirname, '../../src/pages'));
    expect(pages.filter((file) => /crash-test|auth-test|subscription-test/.test(file))).toEqual([]);
  });

  it('are kept out of the sitemap of the builds that have them', async () => {
    const {readdirSync} = await import('node:fs');
    const path = await import('node:path');
    const routes = readdirSync(path.resolve(__dirname, '../../src/testPages'))
      .filter((file) => /\.tsx$/.test(file))
      .map((file) => `/${file.replace(/\.tsx$/, '')}`);
    expect(routes).toEqual(expect.arrayContaining(['/crash-test', '/auth-test', '/subscription-test']));
    vi.resetModules();
    vi.stubEnv('RMA_TEST_PAGES', '1');
    const config = ((await import('../../docusaurus.config')) as {default: Config}).default;
    const classic = (config.presets ?? []).find((p) => Array.isArray(p) && p[0] === 'classic') as [string, {sitemap?: {ignorePatterns?: string[]}}];
    expect(classic[1].sitemap?.ignorePatterns).toEqual(expect.arrayContaining(routes));
  });
});
