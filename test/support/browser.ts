import { debianChromiumPath } from '@pds/infra';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { testServers } from './environment';

/**
 * Without the background-networking flags Chromium keeps calling Google's services, which this machine's closed
 * network refuses; none of them is needed to render a page.
 */
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium starts in a second or two; a machine loaded by other test runs may take much longer. */
const launchTimeoutMs = 60_000;

export interface TestBrowser {
  context: BrowserContext;
  close: () => Promise<void>;
}

/** The Chromium that `npm test` installed; when it could not, the reason it gave, as this test's failure. */
const chromiumPath = () => {
  const unavailable = process.env.TEST_CHROMIUM_UNAVAILABLE;
  if (unavailable) throw new Error(unavailable);
  const path = process.env.TEST_CHROMIUM_PATH ?? debianChromiumPath;
  if (!existsSync(path)) throw new Error(`Chromium is not at ${path}; run the browser tests with \`npm test\`, which installs it`);
  return path;
};

/** Headless Debian Chromium driven by playwright, in a fresh profile under the test run's work directory; script off if asked. */
export const startBrowser = async (options: { javaScriptEnabled?: boolean } = {}): Promise<TestBrowser> => {
  const executablePath = chromiumPath();
  const profileDir = mkdtempSync(join(testServers().workDir, 'chromium-'));
  // A persistent context because playwright takes the profile directory as an argument, not as --user-data-dir.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    args: chromiumFlags,
    timeout: launchTimeoutMs,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
};
