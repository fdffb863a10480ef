import { createContext, useContext } from 'react';

/**
 * Opens the guides modal (spec 000 §2.4) from any screen. The shell owns the modal; features
 * (the agenda's 'Guías' button) reach it through this slot, since features do not import the app.
 */
const GuidesContext = createContext<(() => void) | null>(null);

export const GuidesProvider = GuidesContext.Provider;

/** The opener, or null outside the shell (a screen rendered alone in a test). */
export function useOpenGuides(): (() => void) | null {
  return useContext(GuidesContext);
}
