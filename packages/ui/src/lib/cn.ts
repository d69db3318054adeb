import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';
import { tokens } from '../tokens/tokens';

/**
 * tailwind-merge must know the custom font sizes and shadows of the design tokens, otherwise it takes
 * `text-ink-muted` (a colour) and `text-sm` (a size) for the same group and drops one of them.
 */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      text: Object.keys(tokens.fontSize),
      shadow: Object.keys(tokens.boxShadow),
    },
  },
});

/** Joins class names (clsx) and resolves Tailwind conflicts, the later class winning (tailwind-merge). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
