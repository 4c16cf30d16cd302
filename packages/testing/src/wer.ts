/** The outcome of aligning a hypothesis with its reference, word by word. */
export interface WordErrorRate {
  /** (substitutions + deletions + insertions) / referenceWords; 0 for two empty texts, 1 for words against an empty reference. */
  wer: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
  hypothesisWords: number;
}

/**
 * Words for scoring: lower-case, punctuation removed (an apostrophe inside a word stays: `it's`,
 * `don't`), hyphens and other separators split words.
 */
export function normalizeWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word !== '');
}

/**
 * Word error rate by Levenshtein alignment over words (substitution, deletion, insertion each
 * cost 1). Among alignments of minimal cost the counts come from one of them; their sum is exact.
 */
export function wordErrorRate(reference: string, hypothesis: string): WordErrorRate {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  const n = ref.length;
  const m = hyp.length;
  // cost[i][j]: edits turning ref[0..i) into hyp[0..j).
  const cost: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i += 1) {
    const row = cost[i]!;
    const previous = cost[i - 1]!;
    for (let j = 1; j <= m; j += 1) {
      const same = ref[i - 1] === hyp[j - 1];
      row[j] = Math.min(previous[j - 1]! + (same ? 0 : 1), previous[j]! + 1, row[j - 1]! + 1);
    }
  }
  let substitutions = 0;
  let deletions = 0;
  let insertions = 0;
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = cost[i]![j]!;
    if (i > 0 && j > 0 && here === cost[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1)) {
      if (ref[i - 1] !== hyp[j - 1]) substitutions += 1;
      i -= 1;
      j -= 1;
    } else if (i > 0 && here === cost[i - 1]![j]! + 1) {
      deletions += 1;
      i -= 1;
    } else {
      insertions += 1;
      j -= 1;
    }
  }
  const errors = substitutions + deletions + insertions;
  const wer = n === 0 ? (m === 0 ? 0 : 1) : errors / n;
  return { wer, substitutions, deletions, insertions, referenceWords: n, hypothesisWords: m };
}
