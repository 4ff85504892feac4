import { useCallback, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';

/**
 * Dotted paths of the leaves of a form's values whose type is `Leaf`, through nested objects and arrays:
 * `'email' | 'business.name' | `lines.${number}.description`` (an array's item is addressed by its index).
 */
type PathsOf<T, Leaf> = {
  [K in keyof T & string]: T[K] extends Leaf
    ? K
    : T[K] extends readonly (infer Item)[]
      ? Item extends Leaf
        ? `${K}.${number}`
        : Item extends Record<string, unknown>
          ? `${K}.${number}.${PathsOf<Item, Leaf>}`
          : never
      : T[K] extends Record<string, unknown>
        ? `${K}.${PathsOf<T[K], Leaf>}`
        : never;
}[keyof T & string];

/** Dotted paths of the string leaves of a form's values: `'email' | 'business.name' | `lines.${number}.description``. */
export type FieldPath<T> = PathsOf<T, string>;

/** Dotted paths of the number leaves (amounts in minor units, counts) of a form's values: `'price.amount' | `lines.${number}.unit_price``. */
export type NumberPath<T> = PathsOf<T, number | null>;

export type FormErrors = Record<string, string>;

/** What a `MoneyInput` needs of its form: the amount in minor units, its currency, its error. */
export interface MoneyFieldProps {
  name: string;
  currency: string;
  value: number | null;
  error: string | undefined;
  onChange: (amountMinor: number | null) => void;
}

/** What a `NumberField` needs of its form. */
export interface NumberFieldBinding {
  name: string;
  value: number | null;
  error: string | undefined;
  onChange: (value: number | null) => void;
}

/** How a number field's text maps to what the form holds. */
export interface NumberOptions {
  /**
   * What the form holds while the field is empty: null by default; 0 for a discount left blank; `Number.NaN` for a
   * number the schema must refuse as missing. A value that is not a finite number shows as an empty field.
   */
  empty?: number | null;
  /** The form holds basis points (1250) and the person types a percentage (12.5). */
  basisPoints?: boolean;
}

/** What an input needs: Mantine TextInput, PasswordInput, Select and Textarea take these props as they are. */
export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (eventOrValue: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | string | null) => void;
}

/**
 * The fields of a form as a part of it sees them: a component that draws some of a parent form's fields (a plan's
 * price and schedule, an invoice's lines) takes this, typed by the values it draws; any form whose values include
 * them fits.
 */
export interface FormBinder<V> {
  values: V;
  errors: FormErrors;
  field(path: FieldPath<V>): FieldProps;
  money(path: NumberPath<V>, currency: string): MoneyFieldProps;
  number(path: NumberPath<V>, options?: NumberOptions): NumberFieldBinding;
}

/**
 * A form's binder seen through the part of its values a generic component draws (`V extends ContentValues`): every
 * path of the part is a path of the whole form, which TypeScript cannot see for a type parameter.
 */
export function partOf<Part>(form: Omit<FormBinder<unknown>, 'values'> & { values: Part }): FormBinder<Part> {
  return form as FormBinder<Part>;
}

/** The segments of a dotted path: `lines.3.unit_price` is `lines`, `3`, `unit_price`. */
const segments = (path: string) => path.split('.');

export function getAt(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const key of segments(path)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of the values with one leaf replaced; arrays stay arrays (an item is addressed by its index). */
export function setAt<T>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = segments(path);
  if (head === undefined) return values;
  const inner = (container: unknown) => (rest.length === 0 ? value : setAt(container, rest.join('.'), value));
  if (Array.isArray(values)) {
    const index = Number(head);
    return values.map((item: unknown, i) => (i === index ? inner(item) : item)) as T;
  }
  const record = (values ?? {}) as Record<string, unknown>;
  return { ...record, [head]: inner(record[head]) } as T;
}

/**
 * Every path a field issue may name: each leaf, each array item (`lines.3` for a line's own issue) and each
 * array itself (`lines`, for "Add at least one line").
 */
export function fieldPaths(values: unknown, prefix = ''): string[] {
  if (Array.isArray(values)) {
    const items = values.flatMap((item: unknown, i) => fieldPaths(item, prefix ? `${prefix}.${i}` : String(i)));
    return prefix ? [prefix, ...items] : items;
  }
  if (typeof values !== 'object' || values === null) return prefix ? [prefix] : [];
  return Object.entries(values).flatMap(([key, value]) => fieldPaths(value, prefix ? `${prefix}.${key}` : key));
}

function isChangeEvent(v: unknown): v is ChangeEvent<HTMLInputElement | HTMLTextAreaElement> {
  return typeof v === 'object' && v !== null && 'currentTarget' in v;
}

/** A percentage typed (12.5) as the basis points the form holds (1250), and back. */
const toBasisPoints = (percent: number) => Math.round(percent * 100);
const fromBasisPoints = (bps: number) => bps / 100;

export interface FormFields<V> extends FormBinder<V> {
  setValues: (updater: V | ((previous: V) => V)) => void;
  setValue: (path: FieldPath<V>, value: string) => void;
  setErrors: (errors: FormErrors) => void;
  /**
   * Puts a 422's field issues on the matching fields. Returns true when at least one issue landed on a field;
   * issues about fields this form does not have are left to the caller.
   */
  setServerErrors: (errors: FormErrors) => boolean;
  /**
   * The one way a form reports a failed call: field issues go onto their fields; otherwise (or when no issue
   * matches a field) the spec's red snackbar shows the message.
   */
  handleServerError: (error: unknown) => void;
  reset: (values?: V) => void;
}

/**
 * The values and errors of a form, and the props that bind its inputs to them: `field(path)` for text,
 * `money(path, currency)` for a `MoneyInput` (integer minor units), `number(path)` for a `NumberField`. Typing clears
 * the field's own error. A dialog that checks its values by hand uses it directly; `useZodForm` adds a schema.
 * `onInput` runs on every change (a schema form starts loading its schema).
 */
export function useFormFields<V extends Record<string, unknown>>(initialValues: V, onInput?: () => void): FormFields<V> {
  const initialRef = useRef(initialValues);
  const [values, setValuesState] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const onInputRef = useRef(onInput);
  onInputRef.current = onInput;

  const setValues = useCallback((updater: V | ((previous: V) => V)) => {
    setValuesState((previous) => (typeof updater === 'function' ? (updater as (p: V) => V)(previous) : updater));
  }, []);

  const clearError = useCallback((path: string) => {
    setErrors((previous) => {
      if (!(path in previous)) return previous;
      const next = { ...previous };
      delete next[path];
      return next;
    });
  }, []);

  const setAny = useCallback(
    (path: string, value: unknown) => {
      setValuesState((previous) => setAt(previous, path, value));
      clearError(path);
      onInputRef.current?.();
    },
    [clearError],
  );
  const setValue = useCallback((path: FieldPath<V>, value: string) => setAny(path, value), [setAny]);

  const field = useCallback(
    (path: FieldPath<V>): FieldProps => {
      const raw = getAt(values, path);
      return {
        name: path,
        value: typeof raw === 'string' ? raw : '',
        error: errors[path],
        onChange: (eventOrValue) => setAny(path, isChangeEvent(eventOrValue) ? eventOrValue.currentTarget.value : (eventOrValue ?? '')),
      };
    },
    [values, errors, setAny],
  );

  const number = useCallback(
    (path: NumberPath<V>, options: NumberOptions = {}): NumberFieldBinding => {
      const raw = getAt(values, path);
      const held = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
      const empty = options.empty ?? null;
      return {
        name: path,
        value: held !== null && options.basisPoints ? fromBasisPoints(held) : held,
        error: errors[path],
        onChange: (next) => setAny(path, next === null ? empty : options.basisPoints ? toBasisPoints(next) : next),
      };
    },
    [values, errors, setAny],
  );
  const money = useCallback((path: NumberPath<V>, currency: string): MoneyFieldProps => ({ ...number(path), currency }), [number]);

  const setServerErrors = useCallback((serverErrors: FormErrors): boolean => {
    const known = new Set(fieldPaths(valuesRef.current));
    const matched: FormErrors = {};
    for (const [path, message] of Object.entries(serverErrors)) if (known.has(path)) matched[path] = message;
    if (Object.keys(matched).length === 0) return false;
    setErrors(matched);
    return true;
  }, []);

  const handleServerError = useCallback(
    (error: unknown) => {
      if (setServerErrors(fieldErrors(error))) return;
      // 401 and 419 belong to the session layer (logout or "Session Expired"), not to a snackbar.
      if (error instanceof ApiError && (error.status === 401 || error.status === 419)) return;
      notifyError(error);
    },
    [setServerErrors],
  );

  const reset = useCallback((next?: V) => {
    if (next) initialRef.current = next;
    setValuesState(initialRef.current);
    setErrors({});
  }, []);

  return useMemo(
    () => ({ values, errors, setValues, setValue, field, money, number, setErrors, setServerErrors, handleServerError, reset }),
    [values, errors, setValues, setValue, field, money, number, setServerErrors, handleServerError, reset],
  );
}
