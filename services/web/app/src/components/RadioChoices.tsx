import type { ReactNode } from 'react';

export interface RadioChoice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

/** One choice out of a few, as radio buttons in a fieldset; `children` follow the choices (a field one needs). */
export function RadioChoices<T extends string>(props: {
  legend: string;
  name: string;
  choices: readonly RadioChoice<T>[];
  value: T;
  onChange: (value: T) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.choices.map((choice) => (
        <label key={choice.value} className="choice">
          <input
            type="radio"
            name={props.name}
            value={choice.value}
            checked={props.value === choice.value}
            onChange={() => props.onChange(choice.value)}
          />
          <span>
            {choice.label}
            {choice.hint && <span className="hint"> {choice.hint}</span>}
          </span>
        </label>
      ))}
      {props.children}
    </fieldset>
  );
}
