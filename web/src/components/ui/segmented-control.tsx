import { useId } from 'react';

export interface SegmentedOption<V extends string> {
  value: V;
  label: string;
}

export interface SegmentedControlProps<V extends string> {
  /** The group's accessible name (shown as its legend only to screen readers unless `showLabel`). */
  label: string;
  showLabel?: boolean;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
  name?: string;
}

/**
 * A row of mutually exclusive choices. Built on native radio buttons, so arrow keys, Tab and
 * screen readers behave as the platform does with no code of ours.
 */
export function SegmentedControl<V extends string>({
  label,
  showLabel = false,
  options,
  value,
  onChange,
  name,
}: SegmentedControlProps<V>) {
  const generated = useId();
  const group = name ?? generated;
  return (
    <fieldset className="ui-segmented">
      <legend className={showLabel ? 'ui-segmented-legend' : 'visually-hidden'}>{label}</legend>
      <div className="ui-segmented-options">
        {options.map((option) => (
          <label key={option.value} className="ui-segmented-option">
            <input
              type="radio"
              name={group}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
