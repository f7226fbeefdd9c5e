import { createContext } from 'react';

/**
 * The public pages' stylesheet (app/public.css), given by the server render
 * (entry.server.tsx) to the root layout, which writes it in the page's head:
 * a first visit paints without waiting for a stylesheet (decision 102).
 * Undefined in the browser, which keeps the block the server wrote (React
 * passes over head elements it did not render), and for the back office,
 * which links app.css instead.
 */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

/** The id of that block: a page reached from the back office by client navigation has none and links the file instead. */
export const INLINE_STYLESHEET_ID = 'site-css';
