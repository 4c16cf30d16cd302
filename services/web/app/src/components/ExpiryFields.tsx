// "Expires": never, in a few days, or at the end of a chosen day. Tokens and share links ask the same.
import { type RadioChoice, RadioChoices } from './RadioChoices.tsx';

export type Expiry = 'never' | '7' | '30' | '90' | 'date';

const EXPIRY_CHOICES: RadioChoice<Expiry>[] = [
  { value: 'never', label: 'Never' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'date', label: 'Custom date' },
];

/** The number of days of a "days" choice; null for never or a date. */
export function expiryDays(expiry: Expiry): 7 | 30 | 90 | null {
  return expiry === '7' || expiry === '30' || expiry === '90' ? (Number(expiry) as 7 | 30 | 90) : null;
}

/** The end of the chosen day (`YYYY-MM-DD`), in the browser's time zone. */
export function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

/** When the choice ends, as an instant: null for never. */
export function expiryInstant(expiry: Expiry, date: string): string | null {
  const days = expiryDays(expiry);
  if (days !== null) return new Date(Date.now() + days * 86_400_000).toISOString();
  return expiry === 'date' && date ? endOfDay(date) : null;
}

export function ExpiryFields(props: {
  ids: string;
  expiry: Expiry;
  date: string;
  onExpiryChange: (expiry: Expiry) => void;
  onDateChange: (date: string) => void;
}) {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return (
    <RadioChoices
      legend="Expires"
      name={`${props.ids}-expiry`}
      choices={EXPIRY_CHOICES}
      value={props.expiry}
      onChange={props.onExpiryChange}
    >
      {props.expiry === 'date' && (
        <>
          <label htmlFor={`${props.ids}-date`}>Expiry date</label>
          <input
            id={`${props.ids}-date`}
            type="date"
            required
            min={tomorrow}
            value={props.date}
            onChange={(e) => props.onDateChange(e.target.value)}
          />
        </>
      )}
    </RadioChoices>
  );
}
