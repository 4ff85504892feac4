/**
 * Rules of the amount input field (spec 5), kept free of the DOM so the web component and its tests share them.
 */
import { currencyDecimals } from '../currency/currencies';

const NAVIGATION_AND_EDITING_KEYS: ReadonlySet<string> = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Tab',
  'Backspace',
  'Delete',
  'Home',
  'End',
  'Enter',
]);

const FUNCTION_KEY = /^F(?:[1-9]|1[0-2])$/;
const DIGIT_KEY = /^[0-9]$/;

/**
 * Whether a keydown with this `KeyboardEvent.key` may reach an amount field: digits, the arrow keys, Tab,
 * Backspace, Delete, Home, End, Enter, F1 to F12, and `'.'` only when `opts.allowDot`.
 *
 * Modifier shortcuts (Ctrl/Meta + A, C, V, X, Z ...) are NOT judged here: the caller lets any event with
 * `ctrlKey` or `metaKey` through before asking, so copy, paste (checked by {@link isPasteAllowed}),
 * select-all and undo keep working.
 */
export function isAllowedAmountKey(key: string, opts: { allowDot: boolean }): boolean {
  if (DIGIT_KEY.test(key)) return true;
  if (key === '.') return opts.allowDot;
  return NAVIGATION_AND_EDITING_KEYS.has(key) || FUNCTION_KEY.test(key);
}

/**
 * Whether clipboard text may be pasted into an amount field: after trimming surrounding whitespace it must
 * be digits with at most one dot, and contain at least one digit (`"12"`, `"12.50"`, `".5"`; not `""`,
 * `"."`, `"1,000"`, `"-3"`, `"1e3"`).
 */
export function isPasteAllowed(text: string): boolean {
  return /^(?=.*\d)\d*\.?\d*$/.test(text.trim());
}

/**
 * Cleans text for an amount field: drops every character that is not a digit (and every dot when
 * `!opts.allowDot`), keeps only the first dot, and strips leading zeros while keeping a single `0` before the
 * dot. `"00.5"` -> `"0.5"`, `"000"` -> `"0"`, `".5"` -> `"0.5"`, `"1.2.3"` -> `"1.23"`, `"$1,234"` -> `"1234"`.
 * A trailing dot is kept (`"12."`), since the person may still be typing. Idempotent.
 */
export function cleanAmount(text: string, opts: { allowDot: boolean }): string {
  const kept = text.replace(opts.allowDot ? /[^\d.]/g : /\D/g, '');
  const dot = kept.indexOf('.');
  const whole = dot === -1 ? kept : kept.slice(0, dot);
  const fraction = dot === -1 ? null : kept.slice(dot + 1).replace(/\./g, '');
  const strippedWhole = whole.replace(/^0+/, '');
  if (fraction === null) {
    return strippedWhole === '' && whole !== '' ? '0' : strippedWhole;
  }
  return `${strippedWhole === '' ? '0' : strippedWhole}.${fraction}`;
}

/** Whether the amount field of this currency accepts a dot: not for zero-decimal currencies. */
export function amountAllowsDot(currency: string): boolean {
  return currencyDecimals(currency) !== 0;
}
