// A destructive action behind an inline confirmation: its button, then the question with a "yes"
// and a "keep" button. The caller holds whether it is asking (its mutation closes it on success).
export interface ConfirmActionProps {
  confirming: boolean;
  onConfirmingChange: (confirming: boolean) => void;
  /** The button's text; with `subject`, its accessible name ("Revoke ci"). */
  action: string;
  subject: string;
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  keepLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  /** The button's id, for moving focus to it. */
  buttonId?: string;
}

export function ConfirmAction(props: ConfirmActionProps) {
  if (!props.confirming) {
    return (
      <button
        id={props.buttonId}
        type="button"
        className="danger"
        onClick={() => props.onConfirmingChange(true)}
        aria-label={`${props.action} ${props.subject}`}
      >
        {props.action}
      </button>
    );
  }
  return (
    <fieldset className="row confirm">
      <legend>{props.question}</legend>
      <button type="button" className="danger" onClick={props.onConfirm} disabled={props.pending}>
        {props.pending ? props.pendingLabel : props.confirmLabel}
      </button>
      <button type="button" className="secondary" onClick={() => props.onConfirmingChange(false)}>
        {props.keepLabel ?? 'Cancel'}
      </button>
    </fieldset>
  );
}
