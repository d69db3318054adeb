import { createContext, useContext, type ReactNode } from 'react';
import { browserScanner, type Scanner } from './scanner';

const ScannerContext = createContext<Scanner>(browserScanner);

/** Puts another scanner (a fake camera in stories) in place of the browser's. */
export function ScannerProvider({ scanner, children }: { scanner: Scanner; children: ReactNode }) {
  return <ScannerContext.Provider value={scanner}>{children}</ScannerContext.Provider>;
}

export const useScanner = (): Scanner => useContext(ScannerContext);
