import { createContext } from 'react';

/**
 * The site's stylesheet, inlined in the page's head by the server render
 * (entry.server.tsx) so the first paint waits for no second request. Empty
 * in the browser: the styles the server sent stay in place.
 */
export const InlineStylesContext = createContext('');
