// node make-test-pki.ts DIR IDENTITY...: the test certificates of test-pki.ts, made in a fresh folder
// beside DIR and moved into place whole, so concurrent test processes never see half a folder (the
// first to finish wins; the others use its folder).
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensurePkiFolder } from '@tp/identity/certificates';
import { usableTestPki } from './test-pki.ts';

const [dir, ...identities] = process.argv.slice(2);
if (!dir || identities.length === 0) throw new Error('usage: make-test-pki.ts DIR IDENTITY...');
const fresh = mkdtempSync(join(dirname(dir), '.tp-test-pki-'));
await ensurePkiFolder(fresh, identities, {
  authorityName: 'transcription tests',
  dnsNames: ['localhost'],
  ips: ['127.0.0.1'],
});
// An expiring folder is moved aside first (not one another process made meanwhile); a rename onto
// a folder another process just made fails, and that folder wins.
if (!usableTestPki(dir)) {
  try {
    renameSync(dir, `${fresh}.old`);
  } catch {}
}
try {
  renameSync(fresh, dir);
} catch {
  rmSync(fresh, { recursive: true, force: true });
}
rmSync(`${fresh}.old`, { recursive: true, force: true });
