// Prometheus's promtool for the chart's tests (`promtool check rules` on the rendered
// PrometheusRule): the binary of Debian's prometheus package, fetched with `apt-get download` and
// unpacked alone into .tools/bin (installing the package would start a Prometheus server). `node
// tools/dev/promtool.ts` fetches it (make test does too) and prints its path.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './layout.ts';

export const promtoolPath = (root = repoRoot) => join(root, '.tools', 'bin', 'promtool');

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${(result.stderr || result.stdout).slice(-1000)}`,
    );
}

/** promtool in .tools/bin, fetched from the apt repositories unless it is there; its path. */
export function ensurePromtool(log: (line: string) => void, root = repoRoot): string {
  const target = promtoolPath(root);
  if (existsSync(target)) return target;
  const work = mkdtempSync(join(tmpdir(), 'tp-promtool-'));
  try {
    log("promtool: fetching Debian's prometheus package (its promtool only)");
    try {
      run('apt-get', ['download', 'prometheus'], work);
    } catch {
      // A machine whose package lists were never fetched (or are stale) knows no such package yet.
      run('apt-get', ['update', '-qq'], work);
      run('apt-get', ['download', 'prometheus'], work);
    }
    const deb = readdirSync(work).find((file) => file.endsWith('.deb'));
    if (!deb) throw new Error('apt-get download prometheus left no .deb');
    run('sh', ['-c', `dpkg-deb --fsys-tarfile "${deb}" | tar -x ./usr/bin/promtool`], work);
    mkdirSync(join(root, '.tools', 'bin'), { recursive: true });
    renameSync(join(work, 'usr', 'bin', 'promtool'), target);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(ensurePromtool((line) => console.error(line)));
