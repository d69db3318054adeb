export interface FooterProps {
  year: number;
}

/** The page footer: exactly 'All Rights Reserved. © {year}'. */
export function Footer({ year }: FooterProps) {
  return (
    <footer className="shrink-0 border-t border-line bg-surface px-6 py-3 text-center text-sm text-ink-muted">
      {`All Rights Reserved. © ${year}`}
    </footer>
  );
}
