import { ThemeSwitch } from '@inventory/ui';
import { useTheme } from './useTheme';

/** The header's Light / Dark / System switch, wired to the remembered choice. */
export function ThemeControl({ className }: { className?: string }) {
  const { preference, system, choose } = useTheme();
  return <ThemeSwitch value={preference} systemTheme={system} onChange={choose} className={className} />;
}
