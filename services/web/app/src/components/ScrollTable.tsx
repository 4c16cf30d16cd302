import { type ReactNode, useId } from 'react';

/** A table that scrolls sideways inside its own box on narrow screens (the box takes keyboard focus to scroll). */
export function ScrollTable({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus for keyboard users to scroll it.
    <section className="table-scroll" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </section>
  );
}
