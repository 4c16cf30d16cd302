const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `HH:MM:SS<separator>mmm` from integer milliseconds (hours take more digits past 99). SRT uses `,`, WebVTT `.`. */
export function clockTime(ms: number, separator: ',' | '.'): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${separator}${pad(total % 1000, 3)}`;
}

/** `HH:MM:SS` from integer milliseconds, truncated to the second (a segment at 59.9 s is `[00:00:59]`). */
export function wallTime(ms: number): string {
  return clockTime(ms, '.').slice(0, -4);
}
