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

/** The move that reached a cell of the alignment. */
const DIAGONAL = 1;
const DELETE = 2;
const INSERT = 3;

/**
 * Word error rate by Levenshtein alignment over words (substitution, deletion, insertion each
 * cost 1). Among alignments of minimal cost the counts come from one of them; their sum is exact.
 */
export function wordErrorRate(reference: string, hypothesis: string): WordErrorRate {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  const n = ref.length;
  const m = hyp.length;
  // Two rows of costs (edits turning ref[0..i) into hyp[0..j)) and a byte per cell for the move
  // that reached it, so that an hour's transcript (thousands of words each) fits in tens of MB.
  const width = m + 1;
  const moves = new Uint8Array((n + 1) * width);
  let previous = Uint32Array.from({ length: width }, (_, j) => j);
  let row = new Uint32Array(width);
  moves.fill(INSERT, 1, width);
  for (let i = 1; i <= n; i += 1) {
    row[0] = i;
    moves[i * width] = DELETE;
    for (let j = 1; j <= m; j += 1) {
      const diagonal = previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      const up = previous[j]! + 1;
      const left = row[j - 1]! + 1;
      const best = Math.min(diagonal, up, left);
      row[j] = best;
      moves[i * width + j] = best === diagonal ? DIAGONAL : best === up ? DELETE : INSERT;
    }
    [previous, row] = [row, previous];
  }
  let substitutions = 0;
  let deletions = 0;
  let insertions = 0;
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const move = moves[i * width + j];
    if (move === DIAGONAL) {
      if (ref[i - 1] !== hyp[j - 1]) substitutions += 1;
      i -= 1;
      j -= 1;
    } else if (move === DELETE) {
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
