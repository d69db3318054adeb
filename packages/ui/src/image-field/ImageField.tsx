import { forwardRef, useEffect, useState, type InputHTMLAttributes } from 'react';
import { ImageOff } from 'lucide-react';
import { Field, useFieldIds } from '../field/Field';
import { cn } from '../lib/cn';

export interface ImageFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'value' | 'onChange' | 'defaultValue'> {
  label: string;
  name: string;
  /** The image already saved (e.g. the product's filePath); a newly chosen file replaces it in the preview. */
  previewUrl?: string | null;
  /** Receives the chosen file, or null when the choice is cleared. */
  onFileChange?: (file: File | null) => void;
  /** Shown when there is no image; default 'No image set for this product.' */
  emptyText?: string;
  error?: string;
  hint?: string;
  wrapperClassName?: string;
}

/** A file input for an image (jpeg, jpg, png by default) with a preview of the chosen or saved image. */
export const ImageField = forwardRef<HTMLInputElement, ImageFieldProps>(function ImageField(
  {
    label,
    name,
    previewUrl,
    onFileChange,
    emptyText = 'No image set for this product.',
    error,
    hint,
    id,
    accept = 'image/jpeg,image/jpg,image/png',
    className,
    wrapperClassName,
    required,
    ...props
  },
  ref,
) {
  const { fieldProps, controlProps } = useFieldIds({
    id,
    hint,
    error,
    describedBy: props['aria-describedby'],
  });
  const [file, setFile] = useState<File | null>(null);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = file ? objectUrl : (previewUrl ?? null);

  return (
    <Field label={label} required={required} className={wrapperClassName} {...fieldProps}>
      <input
        ref={ref}
        type="file"
        name={name}
        accept={accept}
        required={required}
        className={cn(
          'block w-full text-sm text-ink file:mr-3 file:rounded file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:text-sm file:font-medium file:text-ink-inverse hover:file:bg-brand-700',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          className,
        )}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          setFile(chosen);
          if (!chosen) setObjectUrl(null);
          onFileChange?.(chosen);
        }}
        {...props}
        {...controlProps}
      />
      <div className="mt-2 flex min-h-40 items-center justify-center overflow-hidden rounded-md border border-dashed border-line-strong bg-surface-muted p-2">
        {shown ? (
          <img src={shown} alt={`Preview of ${file?.name ?? 'the current image'}`} className="max-h-60 max-w-full object-contain" />
        ) : (
          <p className="m-0 flex items-center gap-2 text-sm text-ink-muted">
            <ImageOff aria-hidden="true" className="size-5" />
            {emptyText}
          </p>
        )}
      </div>
    </Field>
  );
});
