import { createContext } from 'react';

/**
 * The request's script nonce, given by the server render (entry.server.tsx)
 * to the few script tags React Router does not stamp itself. Undefined in the
 * browser and in development: scripts added later are trusted through the
 * policy's 'strict-dynamic'.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);
