/**
 * The one-to-one mapping of rows to columns with the largest total weight (Hungarian method,
 * O(n³) on the padded square matrix): result[row] is its column, or -1 where the row stays unmatched.
 */
export function bestAssignment(weights: readonly (readonly number[])[]): number[] {
  const rows = weights.length;
  const columns = weights.reduce((n, row) => Math.max(n, row.length), 0);
  const n = Math.max(rows, columns);
  if (n === 0) return [];
  let max = 0;
  for (const row of weights) for (const w of row) max = Math.max(max, w);
  // Minimise cost = max - weight; padding costs max (weight 0).
  const cost = (i: number, j: number): number => max - (weights[i - 1]?.[j - 1] ?? 0);
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const match = new Int32Array(n + 1); // match[column] = row, 1-based; 0 = free
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    match[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = match[j0]!;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const reduced = cost(i0, j) - u[i0]! - v[j]!;
        if (reduced < minv[j]!) [minv[j], way[j]] = [reduced, j0];
        if (minv[j]! < delta) [delta, j1] = [minv[j]!, j];
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[match[j]!]! += delta;
          v[j]! -= delta;
        } else minv[j]! -= delta;
      }
      j0 = j1;
    } while (match[j0] !== 0);
    do {
      const j1 = way[j0]!;
      match[j0] = match[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const result = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = match[j]!;
    if (i >= 1 && i <= rows && j <= columns && (weights[i - 1]?.[j - 1] ?? 0) > 0) result[i - 1] = j - 1;
  }
  return result;
}
