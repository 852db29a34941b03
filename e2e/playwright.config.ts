import { defineConfig, devices } from '@playwright/test';
import { e2eWorkers, workerBaseURL } from './servers';

/**
 * Each worker drives a product of its own (global-setup.ts starts one per worker, each on its own
 * database), so test files run in parallel without sharing data. E2E_WORKERS sets how many (default 2).
 */
export const baseURL = workerBaseURL();

export default defineConfig({
  testDir: './tests',
  // A flow of 10-20 steps takes 15-35 s here with the other worker's product and browser on the
  // same 2 cores (a run on 2026-11-27 timed three flows out at 30 s with every step passing).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: e2eWorkers(),
  globalSetup: './global-setup.ts',
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
});
