/**
 * The navigation state sign-in hands to the business chooser: a person who has just signed in with one business
 * goes straight to it; the chooser opened from the menu still lists it.
 */
export const SIGNED_IN = { signedIn: true } as const;

export const cameFromSignIn = (state: unknown): boolean => typeof state === 'object' && state !== null && 'signedIn' in state && state.signedIn === true;
