// Public transcript links end to end, on one fleet of the edge (gateway, accounts, media,
// artifacts, shares, billing; no jobs or worker) started once for the group. It walks:
// - the page a link opens (shares/page.ts): a real browser shows markup in a transcript as text
//   and downloads its SRT; a client gets JSON, counted, the link's secret kept out of the log; a
//   link follows the current version or stays on a pinned one;
// - the owner's links (shares/links.ts): made, listed without their URL, rotated, revoked, and
//   taken down when the media or the artifact behind them is deleted.
// Refusals branch by branch are tested by the gateway's route tests (services/gateway/test/
// shares.test.ts) and the service's own (services/shares/test/).
import { describe } from 'node:test';
import { shareLinkTests } from './shares/links.ts';
import { sharePageTests } from './shares/page.ts';
import { useSharesFleet } from './support/shares.ts';

useSharesFleet();

// Two users, two sets of links: the page's and the owner's tests run side by side.
describe('public transcript links', { concurrency: true }, () => {
  sharePageTests();
  shareLinkTests();
});
