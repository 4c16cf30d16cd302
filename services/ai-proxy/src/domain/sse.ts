/** One server-sent event as it came: its raw lines and the joined data. */
export interface SseEvent {
  lines: string[];
  data: string | null;
}

/**
 * Splits a byte stream into server-sent events (blocks ended by a blank line), keeping the
 * incomplete rest for the next chunk. Comment-only blocks have no data.
 */
export function createSseSplitter() {
  const decoder = new TextDecoder();
  let pending = '';
  const parse = (block: string): SseEvent => {
    const lines = block.split(/\r?\n/);
    const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, ''));
    return { lines, data: data.length > 0 ? data.join('\n') : null };
  };
  return {
    push(chunk: Uint8Array): SseEvent[] {
      pending += decoder.decode(chunk, { stream: true });
      const blocks = pending.split(/\r?\n\r?\n/);
      pending = blocks.pop() ?? '';
      return blocks.filter((b) => b.trim() !== '').map(parse);
    },
    /** What is left when the stream ends (an event without its blank line). */
    end(): SseEvent[] {
      const rest = pending + decoder.decode();
      pending = '';
      return rest.trim() === '' ? [] : [parse(rest)];
    },
  };
}

/** An event again, its data replaced (the other lines, e.g. `event:`, kept). */
export function formatEvent(event: SseEvent, data: string): string {
  const others = event.lines.filter((l) => !l.startsWith('data:') && l !== '');
  return `${[...others, `data: ${data}`].join('\n')}\n\n`;
}
