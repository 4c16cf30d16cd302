// How a job's texts travel through one apertium process and come back one-to-one: each text is a
// paragraph of its own (apertium's txt format keeps a blank line as a blank line), so a text may
// hold single newlines but never a blank line; the paragraphs that come back are counted.

/** What one apertium run is given: the paragraphs to translate and which text each one is. */
export interface ApertiumBatch {
  input: string;
  /** indexes[i] is the position in the caller's texts of the i-th paragraph. */
  indexes: number[];
}

/** A text as one paragraph: no blank line inside, no control characters, no surrounding space. */
export function toParagraph(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: apertium's stream must not carry them
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
      .replace(/\r\n?/g, '\n')
      .replace(/\n[ \t]*(?:\n[ \t]*)+/g, '\n')
      .trim()
  );
}

/** The input of one apertium run; texts that are empty once made a paragraph are not sent. */
export function toApertiumBatch(texts: readonly string[]): ApertiumBatch {
  const paragraphs: string[] = [];
  const indexes: number[] = [];
  texts.forEach((text, index) => {
    const paragraph = toParagraph(text);
    if (!paragraph) return;
    paragraphs.push(paragraph);
    indexes.push(index);
  });
  return { input: paragraphs.length ? `${paragraphs.join('\n\n')}\n` : '', indexes };
}

/** apertium's output as paragraphs; undefined when their number is not `count` (the alignment is lost). */
export function splitApertiumOutput(output: string, count: number): string[] | undefined {
  const trimmed = output.replace(/^\s*\n/, '').replace(/\s+$/, '');
  // A text holds no blank line, so any run of blank lines (some pairs emit more than one) separates two.
  const paragraphs = trimmed ? trimmed.split(/\n[ \t]*\n(?:[ \t]*\n)*/) : [];
  return paragraphs.length === count ? paragraphs : undefined;
}

const CLOSING = '.,;:!?)\\]}»…%';
const OPENING = '(\\[{«¿¡';

/**
 * Removes apertium's artefacts from one translated paragraph: the space it leaves before closing
 * punctuation ("Dana ." → "Dana.") and after opening punctuation, doubled spaces, and the marks of
 * words it could not translate or generate (@word, #word, *word) unless the source had them.
 */
export function cleanApertiumText(translated: string, source: string): string {
  return translated
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]+/g, ' ')
        .replace(new RegExp(` +([${CLOSING}])`, 'gu'), '$1')
        .replace(new RegExp(`([${OPENING}]) +`, 'gu'), '$1')
        .replace(/(^|[\s(¿¡"'«])([@#*])(?=[\p{L}\p{N}])([\p{L}\p{N}'-]+)/gu, (whole, before, mark, word) =>
          source.includes(`${mark}${word}`) ? whole : `${before}${word}`,
        )
        .trim(),
    )
    .join('\n')
    .trim();
}
