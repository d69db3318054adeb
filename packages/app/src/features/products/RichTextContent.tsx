import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/**
 * Stored rich-text HTML, rendered through DOMPurify (docs/decisions/0005-rich-text-format.md: the server sanitised it
 * already; the browser sanitises again before it touches the DOM). Styles come from the ui stylesheet's
 * `.rich-text-content`.
 */
export function RichTextContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <div
      className={['rich-text-content', className].filter(Boolean).join(' ')}
      // Sanitised just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
