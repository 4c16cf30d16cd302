// The resident memory of process trees while something runs: every `intervalMs` the VmRSS of each
// root process and all its descendants (from /proc), summed per tree; the peaks.
import { readFileSync } from 'node:fs';
import { processes } from '@tp/testing';

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // exited while we looked
  }
}

/** Parent of every live process. */
export async function parents(): Promise<Map<number, number>> {
  return new Map((await processes()).map((p) => [p.pid, p.ppid]));
}

function residentKb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(read(`/proc/${pid}/status`) ?? '')?.[1];
  return kb === undefined ? 0 : Number(kb);
}

/** `root` and its descendants. */
export function treeOf(root: number, parentOf: Map<number, number>): Set<number> {
  const inTree = new Set([root]);
  // Children have higher pids than their parents mostly, not always: repeat until nothing is added.
  for (let added = true; added; ) {
    added = false;
    for (const [pid, ppid] of parentOf)
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        added = true;
      }
  }
  return inTree;
}

/** VmRSS of `root` and its descendants now, in bytes. */
export function treeResidentBytes(root: number, parentOf: Map<number, number>): number {
  let kb = 0;
  for (const pid of treeOf(root, parentOf)) kb += residentKb(pid);
  return kb * 1024;
}

export interface TreeMemory {
  /** Highest sum over all trees seen at one sample, in bytes. */
  peakTotal: number;
  /** Highest of each tree, in the order of the roots. */
  peakPerTree: number[];
  samples: number;
}

/** Samples the trees below `roots` until `stop` is called; `stop` answers the peaks. */
export function sampleTreeMemory(roots: readonly number[], intervalMs = 200): { stop(): Promise<TreeMemory> } {
  const result: TreeMemory = { peakTotal: 0, peakPerTree: roots.map(() => 0), samples: 0 };
  const sample = async () => {
    const parentOf = await parents();
    let total = 0;
    roots.forEach((root, i) => {
      const bytes = treeResidentBytes(root, parentOf);
      result.peakPerTree[i] = Math.max(result.peakPerTree[i]!, bytes);
      total += bytes;
    });
    result.peakTotal = Math.max(result.peakTotal, total);
    result.samples += 1;
  };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await sample();
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await sample();
      return result;
    },
  };
}
