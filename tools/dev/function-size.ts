// No function over 80 lines of code, counting every line of its span that holds code: blank lines
// and lines of comment text alone do not count, a nested function's lines count for the outer one
// too. Biome's noExcessiveLinesPerFunction lets some longer ones through, so the guardrails run
// this count as well. One parse per file (ts.createSourceFile), no program, no type checker.
// Known offenders may stand in function-size-allow.txt (`path name` per line) until they are
// split; an entry that no longer names an offender fails, so the list cannot go stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './layout.ts';

export const MAX_FUNCTION_LINES = 80;
export const ALLOW_FILE = 'tools/dev/function-size-allow.txt';

/** The folders whose functions are measured. */
export const MEASURED_ROOTS = ['services', 'packages', 'tools', 'tests', 'charts'];

export interface FunctionSize {
  name: string;
  /** 1-based line where the function starts (its modifiers, not its JSDoc). */
  line: number;
  codeLines: number;
}

type FunctionNode = ts.SignatureDeclaration & { body?: ts.Node };

function isFunctionWithBody(node: ts.Node): node is FunctionNode {
  switch (node.kind) {
    case ts.SyntaxKind.FunctionDeclaration:
    case ts.SyntaxKind.FunctionExpression:
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
    case ts.SyntaxKind.Constructor:
      return (node as FunctionNode).body !== undefined;
    default:
      return false;
  }
}

const isJsDoc = (node: ts.Node) =>
  node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode;

/** Which lines (0-based) hold code: a line some token covers with more than white space. */
function codeLinesOf(source: ts.SourceFile): Uint8Array {
  const marks = new Uint8Array(source.getLineStarts().length);
  const text = source.text;
  const visit = (node: ts.Node): void => {
    if (isJsDoc(node)) return;
    const children = node.getChildren(source);
    if (children.length > 0) {
      for (const child of children) visit(child);
      return;
    }
    const start = node.getStart(source);
    if (start >= node.end) return;
    const first = source.getLineAndCharacterOfPosition(start).line;
    const last = source.getLineAndCharacterOfPosition(node.end - 1).line;
    if (first === last) {
      marks[first] = 1;
      return;
    }
    // A token over several lines (a template literal, JSX text): the lines of it with text count.
    text
      .slice(start, node.end)
      .split('\n')
      .forEach((part, i) => {
        if (part.trim() !== '') marks[first + i] = 1;
      });
  };
  visit(source);
  return marks;
}

function calleeName(call: ts.CallExpression | ts.NewExpression, source: ts.SourceFile): string {
  const callee = `${ts.isNewExpression(call) ? 'new ' : ''}${call.expression.getText(source)}`;
  const title = call.arguments?.[0];
  if (title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title)))
    return `${callee}(${JSON.stringify(title.text)})`;
  return `${callee}(…)`;
}

/** What a reader calls the function: its own name, or the name it is bound to or passed as. */
export function functionName(node: FunctionNode, source: ts.SourceFile): string {
  const owner = node.parent;
  const className =
    owner && (ts.isClassDeclaration(owner) || ts.isClassExpression(owner)) && owner.name ? `${owner.name.text}.` : '';
  if (ts.isConstructorDeclaration(node)) return `${className}constructor`;
  if (node.name) return `${className}${node.name.getText(source)}`;
  if (ts.isVariableDeclaration(owner) || ts.isPropertyAssignment(owner) || ts.isPropertyDeclaration(owner))
    return owner.name.getText(source);
  if ((ts.isCallExpression(owner) || ts.isNewExpression(owner)) && owner.expression !== node)
    return calleeName(owner, source);
  if (ts.isExportAssignment(owner) || ts.isFunctionDeclaration(node)) return 'default';
  return '<anonymous>';
}

/**
 * Every function of `text` with a body, with its count of lines of code. With `longerThan`, only the
 * functions whose span has more lines than that, blank and comment lines included: a file without
 * one is parsed but not walked token by token, which is most of the tree.
 */
export function functionSizes(fileName: string, text: string, longerThan = 0): FunctionSize[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const spans: { node: FunctionNode; first: number; last: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionWithBody(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      if (last - first + 1 > longerThan) spans.push({ node, first, last });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (spans.length === 0) return [];
  const marks = codeLinesOf(source);
  return spans.map(({ node, first, last }) => {
    let codeLines = 0;
    for (let line = first; line <= last; line++) codeLines += marks[line]!;
    return { name: functionName(node, source), line: first + 1, codeLines };
  });
}

/** The .ts and .tsx files git has (or would add) under `roots` of `cwd`, less generated code and fixtures. */
export function measuredFiles(cwd: string, roots: string[]): string[] {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...roots], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr || listed.error}`);
  return [...new Set(listed.stdout.split('\n'))]
    .filter((path) => /\.tsx?$/.test(path))
    .filter((path) => !/(^|\/)(generated|node_modules)\//.test(path) && !path.startsWith('tools/dev/fixtures/'))
    .filter((path) => existsSync(join(cwd, path)))
    .sort();
}

export interface FunctionSizeReport {
  /** `file:line name: N lines of code`, for each function over the limit that the allow-list does not name. */
  offenders: string[];
  /** Allow-list entries that name no function over the limit (split already, renamed or gone). */
  stale: string[];
  files: number;
}

function readAllowList(path: string): Set<string> {
  if (!existsSync(path)) return new Set();
  const entries = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return new Set(entries);
}

/** The functions over `max` lines of code under `roots` of the tree at `cwd`, against its allow-list. */
export function checkFunctionSizes(
  cwd: string,
  roots: string[] = MEASURED_ROOTS,
  options: { allowFile?: string; max?: number } = {},
): FunctionSizeReport {
  const max = options.max ?? MAX_FUNCTION_LINES;
  const allowed = readAllowList(join(cwd, options.allowFile ?? ALLOW_FILE));
  const used = new Set<string>();
  const offenders: string[] = [];
  const files = measuredFiles(cwd, roots);
  for (const file of files) {
    for (const fn of functionSizes(file, readFileSync(join(cwd, file), 'utf8'), max)) {
      if (fn.codeLines <= max) continue;
      const key = `${file} ${fn.name}`;
      if (allowed.has(key)) used.add(key);
      else offenders.push(`${file}:${fn.line} ${fn.name}: ${fn.codeLines} lines of code`);
    }
  }
  return { offenders, stale: [...allowed].filter((key) => !used.has(key)), files: files.length };
}

/** The guardrail: throws, after printing each, when a function is over the limit or an allow-list entry is stale. */
export function checkFunctionSize(log: (line: string) => void, cwd = repoRoot): void {
  log(`checking function sizes (at most ${MAX_FUNCTION_LINES} lines of code each)`);
  const started = performance.now();
  const report = checkFunctionSizes(cwd);
  for (const offender of report.offenders) console.error(offender);
  for (const entry of report.stale) console.error(`${ALLOW_FILE}: "${entry}" is not over the limit: remove it`);
  const problems = report.offenders.length + report.stale.length;
  const ms = Math.round(performance.now() - started);
  if (problems > 0) throw new Error(`function sizes: ${problems} problem(s) in ${report.files} files (${ms} ms)`);
  log(`function sizes: ${report.files} files in ${ms} ms`);
}

if (import.meta.main) {
  try {
    checkFunctionSize((line) => console.log(`function-size: ${line}`));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
