import { useId, type ComponentType } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../lib/cn';

export type ThemeChoice = 'light' | 'dark' | 'system';

export interface ThemeSwitchProps {
  value: ThemeChoice;
  onChange: (value: ThemeChoice) => void;
  /** What the system currently prefers, said on the System option ("System (dark)"). */
  systemTheme?: 'light' | 'dark';
  /** The group's name for assistive technology. */
  label?: string;
  className?: string;
}

const choices: Array<{ value: ThemeChoice; label: string; Icon: ComponentType<{ className?: string }> }> = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/**
 * Light / Dark / System as a group of radio buttons drawn as icons: native radios, so arrow keys move the choice and
 * screen readers say "Dark, radio button, 2 of 3". Controlled: the app remembers the choice and applies it.
 */
export function ThemeSwitch({ value, onChange, systemTheme, label = 'Theme', className }: ThemeSwitchProps) {
  const name = useId();
  return (
    <fieldset className={cn('m-0 flex shrink-0 items-center rounded-md border border-line bg-surface p-0.5', className)}>
      <legend className="sr-only">{label}</legend>
      {choices.map(({ value: choice, label: choiceLabel, Icon }) => {
        const spoken = choice === 'system' && systemTheme ? `${choiceLabel} (${systemTheme})` : choiceLabel;
        return (
          <label
            key={choice}
            title={spoken}
            className={cn(
              'relative inline-flex size-8 cursor-pointer items-center justify-center rounded text-ink-muted pointer-coarse:size-11',
              'hover:bg-surface-muted hover:text-ink',
              'has-checked:bg-brand-600 has-checked:text-ink-inverse',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="peer sr-only"
            />
            <Icon aria-hidden="true" className="size-4" />
            <span className="sr-only">{spoken}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
