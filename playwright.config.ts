import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './tests/chromium';

// E2E runs against the production build (`npm run build`) served on localhost, driving the
// system's Chromium: test tools cannot download browsers here.
export const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 3210);
// Separate runs on one machine (E2E_SITE_PORT=3311 E2E_BUILD_DIR=/tmp/build-b) keep out of each other's way.
export const SITE_BUILD_DIR = process.env.E2E_BUILD_DIR ?? 'build';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 45_000,
  expect: {timeout: 10_000},
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${SITE_PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: {
    command: `npx docusaurus serve --dir ${SITE_BUILD_DIR} --port ${SITE_PORT} --host 127.0.0.1 --no-open`,
    url: `http://127.0.0.1:${SITE_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
  },
});
