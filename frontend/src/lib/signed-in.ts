import { createContext, useContext } from 'react';

/**
 * Whether someone is signed in, as the auth layer knows it: app/auth-shell.tsx provides it to every page of the
 * signed-in shell, so an open page (an update link's) can offer My profile directly instead of a sign-in, without
 * importing the auth feature (docs/frontend.md, layers). False where nobody provides it.
 */
export const SignedInContext = createContext(false);

export const useSignedIn = (): boolean => useContext(SignedInContext);
