import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { rootDir } from '../../stack/config.ts';

/** Debian's Chromium; Playwright cannot download its own browsers here. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const screenshotDir = path.join(rootDir, 'test-results', 'e2e');

/**
 * `fakeMicrophone`: Chromium's fake capture device (a steady beep) stands in for a microphone,
 * and its permission prompt is answered yes, as for a learner who allows it. `microphoneFile`:
 * that microphone says this WAV file instead (`%noloop` after the path: once, not over and over).
 */
export async function launchBrowser(options: { fakeMicrophone?: boolean; microphoneFile?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      ...(options.fakeMicrophone ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []),
      ...(options.microphoneFile ? [`--use-file-for-fake-audio-capture=${options.microphoneFile}`] : []),
    ],
  });
}

/** Saves a full-page screenshot under test-results/e2e/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Collects what the page writes to the console as errors (a failed request, a blocked
 * Content-Security-Policy, an uncaught exception): a polished app writes none.
 */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Signs `person` in through the /login form at `loginUrl` and waits for the header's welcome. */
export async function logInThroughForm(page: Page, loginUrl: string, person: { email: string; password: string; name: string }): Promise<void> {
  await page.goto(loginUrl);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.locator('form').getByRole('button', { name: 'Log In', exact: true }).click();
  await page.getByText(`Welcome, ${person.name}!`).waitFor();
}
