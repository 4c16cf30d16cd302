import assert from 'node:assert/strict';
import { test } from 'node:test';
import { functionSizes, MAX_FUNCTION_LINES } from './function-size.ts';

/** `function name() { … }` over `lines` lines in all: the braces and `lines - 2` statements. */
const fn = (name: string, lines: number, body: (i: number) => string = (i) => `  step(${i});`) =>
  [`function ${name}() {`, ...Array.from({ length: lines - 2 }, (_, i) => body(i)), '}'].join('\n');

const sizeOf = (source: string, name: string, file = 'fixture.ts') => {
  const found = functionSizes(file, source).filter((s) => s.name === name);
  assert.equal(found.length, 1, `one function named ${name}`);
  return found[0]!.codeLines;
};

test('counts every line of code of a function, its braces included: 80 is the limit, 81 is over it', () => {
  assert.equal(sizeOf(fn('limit', 80), 'limit'), 80);
  assert.equal(sizeOf(fn('over', 81), 'over'), 81);
  assert.ok(sizeOf(fn('limit', 80), 'limit') <= MAX_FUNCTION_LINES);
  assert.ok(sizeOf(fn('over', 81), 'over') > MAX_FUNCTION_LINES);
});

test('leaves out blank lines, // lines, /* */ blocks and JSDoc', () => {
  const source = `
/** The JSDoc before the function is not in its span. */
export async function commented(a: number) {
  const b = a + 1;

${'   '}
  // a line comment
  /* a block
     over lines
  */
  /**
   * JSDoc inside.
   */
  const c = (x: number) => x * b;
  /* one */ /* two */
  return c(b);
}`;
  assert.equal(sizeOf(source, 'commented'), 5);
  const everyOtherLineBlank = fn('spaced', 81, (i) => (i % 2 ? '' : `  step(${i});`));
  assert.equal(sizeOf(everyOtherLineBlank, 'spaced'), 42);
});

test('counts a line of code that carries a comment, before or after the code', () => {
  const source = `
const mixed = () => {
  go(); // trailing
  /* leading */ go();
  go(/* inside */);
};`;
  assert.equal(sizeOf(source, 'mixed'), 5);
});

test('counts a template literal, a string and JSX text over several lines by the lines that hold text', () => {
  const page = `
function Page() {
  const sql = \`
    SELECT 1

    FROM t\`;
  return (
    <p>
      some text

    </p>
  );
}`;
  assert.equal(sizeOf(page, 'Page', 'page.tsx'), 10);
  // `//` and `/*` inside strings, templates and regular expressions are code, not comments.
  const literals = `
function literals() {
  const url = 'http://example.com';
  const t = \`/* not a comment\`;
  const r = /\\/\\/*x/;
  const after = 1;
}`;
  assert.equal(sizeOf(literals, 'literals'), 6);
});

test('counts a nested function for itself and for the function around it', () => {
  const inner = fn('inner', 50).replaceAll('\n', '\n  ');
  const source = `function outer() {\n  const a = 1;\n  ${inner}\n  return inner();\n}`;
  assert.equal(sizeOf(source, 'inner'), 50);
  assert.equal(sizeOf(source, 'outer'), 54);
});

test('names each kind of function as a reader finds it', () => {
  const source = `class Store {
  constructor() {}
  get size() { return 1; }
  load() {}
}
const handlers = { create: () => 1, async remove() {} };
describe('uploads', () => { it('refuses', async () => {}); });
life.onStop(function () {});
new Promise((resolve) => resolve(1));
export default () => 1;`;
  const names = functionSizes('names.ts', source).map((s) => `${s.line} ${s.name}`);
  assert.deepEqual(names, [
    '2 Store.constructor',
    '3 Store.size',
    '4 Store.load',
    '6 create',
    '6 remove',
    '7 describe("uploads")',
    '7 it("refuses")',
    '8 life.onStop(…)',
    '9 new Promise(…)',
    '10 default',
  ]);
});

test('with a floor, reports only the functions whose span is longer than it', () => {
  const source = [fn('short', 10), fn('long', 90)].join('\n');
  assert.deepEqual(
    functionSizes('floor.ts', source, 80).map((s) => s.name),
    ['long'],
  );
  assert.deepEqual(functionSizes('floor.ts', fn('short', 10), 80), []);
});
