import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes each of the five special characters', () => {
    assert.equal(escapeHtml('&'), '&amp;');
    assert.equal(escapeHtml('<'), '&lt;');
    assert.equal(escapeHtml('>'), '&gt;');
    assert.equal(escapeHtml('"'), '&quot;');
    assert.equal(escapeHtml("'"), '&#39;');
  });

  it('escapes every occurrence, wherever it is', () => {
    assert.equal(escapeHtml(`<<>>&&""''`), '&lt;&lt;&gt;&gt;&amp;&amp;&quot;&quot;&#39;&#39;');
    assert.equal(escapeHtml('a<b>c&d"e\'f'), 'a&lt;b&gt;c&amp;d&quot;e&#39;f');
    assert.equal(escapeHtml('<start and end>'), '&lt;start and end&gt;');
  });

  it('turns markup into visible text', () => {
    assert.equal(escapeHtml('<script>alert(1)</script>'), '&lt;script&gt;alert(1)&lt;/script&gt;');
    assert.equal(escapeHtml('"><img src=x onerror=alert(1)>'), '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    assert.equal(escapeHtml("' onmouseover='alert(1)"), '&#39; onmouseover=&#39;alert(1)');
    assert.equal(escapeHtml('</style><script>x</script>'), '&lt;/style&gt;&lt;script&gt;x&lt;/script&gt;');
    assert.equal(escapeHtml('<!-- comment -->'), '&lt;!-- comment --&gt;');
    assert.equal(escapeHtml('<![CDATA[x]]>'), '&lt;![CDATA[x]]&gt;');
  });

  it('escapes an ampersand even when it already starts an entity (no double meaning)', () => {
    assert.equal(escapeHtml('&amp;'), '&amp;amp;');
    assert.equal(escapeHtml('&lt;script&gt;'), '&amp;lt;script&amp;gt;');
    assert.equal(escapeHtml('&#60;'), '&amp;#60;');
  });

  it('leaves everything else untouched', () => {
    for (const text of [
      '',
      'plain words',
      'Café – naïve 日本語 🎙️',
      'tab\there',
      'line\nbreak',
      'back`tick',
      'equals = sign',
      'slash / and \\',
      '\u2028\u2029',
      '\u0000',
    ]) {
      assert.equal(escapeHtml(text), text);
    }
  });

  it('returns the same string object when there is nothing to escape', () => {
    const text = 'nothing special here';
    assert.equal(escapeHtml(text), text);
  });

  it('never leaves a raw special character, whatever the input', () => {
    const alphabet = ['&', '<', '>', '"', "'", 'a', ' ', 'é', '🎙', ';', '#'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2_000; n++) {
      const length = Math.floor(random() * 20);
      const input = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const output = escapeHtml(input);
      assert.doesNotMatch(output.replace(/&(?:amp|lt|gt|quot|#39);/g, ''), /[&<>"']/, JSON.stringify(input));
      // Unescaping gives the input back: nothing lost, nothing added.
      const back = output.replace(
        /&(amp|lt|gt|quot|#39);/g,
        (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
      );
      assert.equal(back, input);
    }
  });

  it('escapes long input completely', () => {
    const long = '<b>"x" & \'y\'</b> '.repeat(100_000);
    const out = escapeHtml(long);
    assert.equal(out.length, long.length + 100_000 * (3 + 3 + 5 + 5 + 4 + 4 + 4 + 3 + 3));
  });
});
