import { useState } from 'react';
import { cva } from 'class-variance-authority';
import { cn } from '../lib/cn';

const avatar = cva('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800', {
  variants: { size: { sm: 'size-8 text-xs', md: 'size-12 text-base', lg: 'size-32 text-4xl' } },
  defaultVariants: { size: 'md' },
});

export interface AvatarProps {
  /** The person's name: the image's alt text and the source of the initials. */
  name: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** The initials of a name: first letters of the first and last words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase();
}

/** A round photo, or the name's initials when there is no photo or it fails to load. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span className={cn(avatar({ size }), className)}>
      {showImage ? (
        <img src={src ?? undefined} alt={name} className="size-full object-cover" onError={() => setFailedSrc(src ?? null)} />
      ) : (
        <span role="img" aria-label={name}>
          <span aria-hidden="true">{initials(name)}</span>
        </span>
      )}
    </span>
  );
}
