import { useId } from 'react';
import classes from './view-switch.module.css';

interface ViewSwitchProps<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string }[];
}

/**
 * One choice out of a few, drawn like Mantine's SegmentedControl: a radio group whose checked label
 * is raised. Written out because SegmentedControl positions its sliding indicator by measuring the
 * page as it mounts, a forced layout of the whole agenda inside its first render on a phone.
 */
export function ViewSwitch<T extends string>({ label, value, onChange, options }: ViewSwitchProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.root}>
      {options.map((option) => (
        <div key={option.value} className={classes.control}>
          <input
            type="radio"
            className={classes.input}
            id={`${name}-${option.value}`}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${name}-${option.value}`} className={classes.label}>
            {option.label}
          </label>
        </div>
      ))}
    </div>
  );
}
