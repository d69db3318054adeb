import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge must know the custom font sizes of tailwind.config.ts, otherwise it takes `text-ink-muted`
 * (a colour) and `text-sm` (a size) for the same group and drops one of them.
 */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      text: ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl'],
      shadow: ['card', 'raised', 'overlay'],
    },
  },
});

/** Joins class names (clsx) and resolves Tailwind conflicts, the later class winning (tailwind-merge). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
