// Test-only: validation of the example transcript after an edit.
import assert from 'node:assert/strict';
import { exampleTranscript, validateTranscript, type Transcript, type TranscriptIssue } from './index.ts';

// biome-ignore lint/suspicious/noExplicitAny: the edits turn the example into shapes its type forbids, on purpose
type Editable = any;

/** Applies `edit` to a fresh example and returns the validation issues (failing if it passes). */
export function issuesOf(edit: (t: Editable) => void): TranscriptIssue[] {
  const t: Editable = exampleTranscript();
  edit(t);
  const result = validateTranscript(t);
  assert.equal(result.ok, false, 'expected the edited transcript to be rejected');
  return result.ok ? [] : result.issues;
}

export function rejects(edit: (t: Editable) => void, loc: (string | number)[], type: string, msg?: RegExp) {
  const issues = issuesOf(edit);
  assert.deepEqual(
    issues.map((i) => i.loc),
    [loc],
    JSON.stringify(issues),
  );
  assert.equal(issues[0]!.type, type);
  if (msg) assert.match(issues[0]!.msg, msg);
}

export function accepts(edit: (t: Editable) => void): Transcript {
  const t: Editable = exampleTranscript();
  edit(t);
  const result = validateTranscript(t);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.issues));
  return result.value;
}
