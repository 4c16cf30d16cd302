// The contract check of fetch-hook.ts for what a browser receives: every API response a page of
// launchChromium's browser gets is checked against its origin's /openapi.json. A page's fetch
// cannot be rejected from here, so a violation is printed and fails the test file's process.
import type { Browser, BrowserContext, Response } from 'playwright-core';
import { ContractViolation, cachedContract, isApiAnswer } from './fetch-hook.ts';

/** Watches the responses of every context the browser opens (Browser.newPage opens one too). */
export function checkBrowserResponses(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>): Promise<BrowserContext> => {
    const context = await newContext(...args);
    context.on('response', (response) => {
      checkResponse(response).catch(() => {
        // The page went away before its body could be read: nothing to check.
      });
    });
    return context;
  };
}

async function checkResponse(response: Response): Promise<void> {
  const url = new URL(response.url());
  const headers = new Headers(await response.allHeaders());
  if (!isApiAnswer(url.pathname, headers)) return;
  const contract = await cachedContract(url.origin).catch(() => null);
  const method = response.request().method();
  if (!contract?.operationOf(method, url.pathname)) return;
  const streamed = method === 'HEAD' || (headers.get('content-type') ?? '').startsWith('text/event-stream');
  const body = streamed ? null : await response.text();
  const problems = contract.check({ method, path: url.pathname, status: response.status(), headers, body });
  if (!problems?.length) return;
  process.exitCode = 1;
  console.error(`In the browser: ${new ContractViolation(problems, body).message}`);
}
