// A real browser for tests and benchmarks: Debian's Chromium (/usr/bin/chromium, which make test
// installs) driven by playwright-core, started the way this machine's closed network needs: no
// background networking, no component updates, no first-run tasks. playwright-core is loaded when
// a browser is launched, not with @tp/testing: it costs every test file that imports the package
// half a CPU-second otherwise.
import type { Browser } from 'playwright-core';
import { checkBrowserResponses } from './contract/browser-hook.ts';

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  // What the pages receive from the API keeps its /openapi.json, as what the test process receives does.
  checkBrowserResponses(browser);
  return browser;
}
