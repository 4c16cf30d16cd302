// A real browser for tests and benchmarks: Debian's Chromium (/usr/bin/chromium, which make test
// installs) driven by playwright-core, started the way this machine's closed network needs: no
// background networking, no component updates, no first-run tasks.
import { chromium, type Browser } from 'playwright-core';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}
