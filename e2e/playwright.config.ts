import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * E2E_PORT, else 3100 when free, else any free port. Chosen once: the choice goes into the
 * environment, which the test workers inherit, so they all talk to the same server.
 */
function e2ePort(): number {
  if (!process.env.E2E_PORT) {
    const db = path.resolve(__dirname, '..', 'packages', 'db', 'dist', 'index.js');
    const script = `require(${JSON.stringify(db)}).freePort(3100).then((p) => process.stdout.write(String(p)))`;
    process.env.E2E_PORT = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
  }
  return Number(process.env.E2E_PORT);
}
const port = e2ePort();
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
    // Stop the server (and its PostgreSQL) cleanly, so its temporary data folder is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
