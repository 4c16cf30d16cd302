// The web app end to end, in one Chromium against one fleet with the app's server behind the
// gateway (web/world.ts), each page's workflows in a module of their own with users of their own,
// side by side:
// - web/account.ts: signing in and out, API access tokens, devices, preferences and features;
// - web/media.ts: the Media page, uploads straight to storage and a refused file;
// - web/shares-billing.ts: a transcript shared, its link rotated and revoked; the Billing page;
// - web/jobs.ts (jobsPageTests): a transcription and a batch started in the Jobs page;
// - web/editor.ts (editorTests): a transcript opened, listened to, edited, and a conflict;
// then, alone: web/jobs.ts (queueTests): the live queue behind a long job that holds the fleet's one
// worker slot (a queue position counts every user's jobs); web/editor.ts (editorOutageTests): a save
// while the fleet's artifacts service is stopped, then the history, exports and a phone.
import { describe } from 'node:test';
import { accountTests } from './web/account.ts';
import { editorOutageTests, editorTests } from './web/editor.ts';
import { jobsPageTests, queueTests } from './web/jobs.ts';
import { mediaTests } from './web/media.ts';
import { sharesBillingTests } from './web/shares-billing.ts';
import { useWebWorld } from './web/world.ts';

useWebWorld();

describe('the web app, side by side', { concurrency: true }, () => {
  accountTests();
  mediaTests();
  sharesBillingTests();
  jobsPageTests();
  editorTests();
});

queueTests();
editorOutageTests();
