import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface RadioChipsProps<T extends string> {
  /** Accessible name of the radio group. */
  label: string;
  className: string;
  /** The class of every chip, or of each chip by its option. */
  chipClassName: string | ((option: T) => string);
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  /** The chip's content (its accessible name); defaults to the option itself. */
  children?: (option: T) => ReactNode;
}

const STEPS: Record<string, number | 'first' | 'last'> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: 'first',
  End: 'last',
};

/**
 * A one-of-many choice drawn as chips: one tab stop for the whole group (the chosen chip, else the
 * first), arrow keys move and choose, as a native radio group does (WAI-ARIA radio group pattern).
 */
export function RadioChips<T extends string>({
  label,
  className,
  chipClassName,
  options,
  value,
  onChange,
  children,
}: RadioChipsProps<T>) {
  const chips = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = options.indexOf(value);
  const tabStop = chosen >= 0 ? chosen : 0;

  const onKeyDown = (event: KeyboardEvent, from: number) => {
    const step = STEPS[event.key];
    if (step === undefined || options.length === 0) return;
    event.preventDefault();
    const last = options.length - 1;
    const to =
      step === 'first'
        ? 0
        : step === 'last'
          ? last
          : (from + step + options.length) % options.length;
    onChange(options[to]!);
    const chip = chips.current[to];
    chip?.focus();
    chip?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <div className={className} role="radiogroup" aria-label={label}>
      {options.map((option, i) => (
        <button
          key={option}
          ref={(el) => {
            chips.current[i] = el;
          }}
          type="button"
          role="radio"
          className={typeof chipClassName === 'string' ? chipClassName : chipClassName(option)}
          aria-checked={option === value}
          tabIndex={i === tabStop ? 0 : -1}
          onClick={() => onChange(option)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {children ? children(option) : option}
        </button>
      ))}
    </div>
  );
}
