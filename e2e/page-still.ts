/**
 * No animation or transition running in the page (endless ones, loading indicators, are not waited for): for
 * `page.waitForFunction`. A snackbar or modal caught mid-transition has partial opacity, which axe reads as low contrast.
 */
export const pageIsStill = () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
