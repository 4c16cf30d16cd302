import { readScrape, type Scrape } from '@tp/metrics';

/** `GET <baseUrl>/metrics`: fails unless it answers 200 in the text format. */
export async function scrapeMetrics(baseUrl: string): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${baseUrl}/metrics answered ${res.status}: ${text.slice(0, 300)}`);
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/plain; version=0.0.4')) throw new Error(`GET ${baseUrl}/metrics is ${type}`);
  return readScrape(text);
}
