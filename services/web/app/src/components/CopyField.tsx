import { useId, useRef, useState } from 'react';

/**
 * A value to copy (a secret, a link): read-only, selected on focus, with a Copy button. When the
 * browser refuses the clipboard, the value is selected in its field for the person to copy. Done puts it away.
 */
export function CopyField({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
      input.current?.focus();
      input.current?.select();
    }
  };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={input} readOnly value={value} onFocus={(e) => e.target.select()} />
      <div className="row">
        <button type="button" onClick={copy}>
          Copy
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status" aria-live="polite">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Copying failed: it is selected above, copy it with Ctrl+C or ⌘C.'
            : ''}
      </p>
    </>
  );
}
