import { forwardRef, useEffect, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { cva } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import { announce } from '../announcer/announce';
import { cn } from '../lib/cn';

/**
 * The button look as a class function, so other elements (e.g. a router `<Link>`) can look like a button:
 * `<Link className={buttonVariants({ variant: 'secondary' })} />`.
 */
export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 rounded font-medium whitespace-nowrap no-underline',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    // A finger needs 44 px (WCAG 2.5.5); a mouse keeps the compact sizes.
    'pointer-coarse:min-h-11 pointer-coarse:min-w-11',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-60 aria-busy:cursor-progress',
  ],
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-ink-inverse hover:bg-brand-700 active:bg-brand-800',
        secondary: 'border border-line-strong bg-surface text-ink hover:bg-surface-muted active:bg-surface-sunken',
        danger: 'bg-danger text-ink-inverse hover:bg-danger-hover focus-visible:outline-danger',
        ghost: 'bg-transparent text-brand-700 hover:bg-brand-50 active:bg-brand-100',
        // A button that reads as a link: an action inside running text (e.g. 'Forgot Password').
        link: 'bg-transparent text-brand-700 underline-offset-4 hover:underline hover:text-brand-800',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
      },
      fullWidth: { true: 'w-full', false: '' },
    },
    // A link-looking button keeps the text's height and no padding at every size.
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0 pointer-coarse:min-h-0 pointer-coarse:min-w-0' }],
    defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
  },
);

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Shows a spinner, sets aria-busy and aria-disabled and ignores clicks. The button stays focusable (a disabled one
   * would drop the keyboard user's focus to the page).
   */
  loading?: boolean;
  /** Read to screen-reader users when loading starts (e.g. "Saving…"), for buttons without a busy status nearby. */
  loadingText?: string;
  fullWidth?: boolean;
}

/** The design system's button. `type` defaults to "button" so it never submits a form by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, loading = false, loadingText, fullWidth, disabled, className, children, type = 'button', onClick, ...props },
  ref,
) {
  useEffect(() => {
    if (loading && loadingText) announce(loadingText);
  }, [loading, loadingText]);

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Also stops a submit button (and Enter in the form's fields) from submitting again.
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonVariants({ variant, size, fullWidth }), className)}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      {...props}
    >
      {loading ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
      {children}
    </button>
  );
});

const iconButtonSizes = { sm: 'size-8 px-0', md: 'size-10 px-0', lg: 'size-12 px-0' } as const;

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'fullWidth'> {
  /** The accessible name (aria-label); the icon alone is not read. */
  label: string;
  /** The icon. */
  children: ReactNode;
}

/** A square button showing only an icon, named for screen readers by `label`. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, variant = 'ghost', size = 'md', className, children, loading, ...props },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant={variant}
      size={size}
      loading={loading}
      aria-label={label}
      title={label}
      className={cn(iconButtonSizes[size], className)}
      {...props}
    >
      {loading ? null : <span aria-hidden="true" className="inline-flex [&_svg]:size-5">{children}</span>}
    </Button>
  );
});
