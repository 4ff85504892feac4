import { useCallback, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';

/** Dotted paths of the string leaves of a form's values: `'email' | 'business.name' | ...`. */
export type FieldPath<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends Record<string, unknown> ? `${K}.${FieldPath<T[K]>}` : never;
}[keyof T & string];

/** Dotted paths of the number leaves (amounts in minor units, counts) of a form's values: `'price.amount' | ...`. */
export type NumberPath<T> = {
  [K in keyof T & string]: T[K] extends number | null ? K : T[K] extends Record<string, unknown> ? `${K}.${NumberPath<T[K]>}` : never;
}[keyof T & string];

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

/** What an input needs: Mantine TextInput, PasswordInput, Select and Textarea take these props as they are. */
export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (eventOrValue: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | string | null) => void;
}

function getAt(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function setAt<T>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return values;
  const record = (values ?? {}) as Record<string, unknown>;
  return {
    ...record,
    [head]: rest.length === 0 ? value : setAt(record[head], rest.join('.'), value),
  } as T;
}

/** Every leaf path of the values, so server issues can be matched to fields that exist. */
function leafPaths(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return prefix ? [prefix] : [];
  return Object.entries(values).flatMap(([key, value]) => leafPaths(value, prefix ? `${prefix}.${key}` : key));
}

/** What a schema's Standard Schema `validate` answers, and one issue of a failure. */
type StandardIssue = { readonly message: string; readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined };
type StandardResult<T> = { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly StandardIssue[] };

/** The first message per field of a failed parse, keyed by the dotted issue path. */
export function zodIssuesToErrors(error: { issues: readonly StandardIssue[] }): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const path = (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * A form's schema, or a loader of it made once at module level: `() => import('./fields').then((m) => m.Schema)`.
 * A loaded schema loads on the form's first input (a submit before then waits for it), so a screen that must
 * paint fast does not load a schema library first.
 */
export type FormSchema<S extends z.core.$ZodType> = S | (() => Promise<S>);

function isChangeEvent(v: unknown): v is ChangeEvent<HTMLInputElement | HTMLTextAreaElement> {
  return typeof v === 'object' && v !== null && 'currentTarget' in v;
}

export interface ZodForm<S extends z.core.$ZodType, V> {
  values: V;
  errors: FormErrors;
  setValues: (updater: V | ((previous: V) => V)) => void;
  setValue: (path: FieldPath<V>, value: string) => void;
  /** Props for one input: value, onChange (clears the field's error), error and name. */
  field: (path: FieldPath<V>) => FieldProps;
  /**
   * Props for an amount: `<MoneyInput {...form.money('price.amount', currency)} label="Price" />`. The form holds
   * integer minor units (or null while the field is empty); the person types major units of the currency.
   */
  money: (path: NumberPath<V>, currency: string) => MoneyFieldProps;
  /** Props for a count, days or a percentage: `<NumberField {...form.number('trial_days')} />`. */
  number: (path: NumberPath<V>) => NumberFieldBinding;
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
  /** Validates with the schema; calls `handler` with the parsed output only when valid. */
  onSubmit: (handler: (data: z.output<S>) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  reset: (values?: V) => void;
}

/**
 * A small form state hook driven by a zod schema (usually the endpoint's own body schema; zod's full build
 * or its small one, zod/mini, which the login screen loads on first input). It validates through the
 * schema's Standard Schema interface, so the hook itself loads no schema library.
 * Values keep the input shape of the schema; validation runs on submit; server field issues
 * (`issues[{ path, message }]` of a 422) land on the field with the same dotted path.
 */
export function useZodForm<S extends z.core.$ZodType, V extends Record<string, unknown>>(schema: FormSchema<S>, initialValues: V): ZodForm<S, V> {
  const loading = useRef<Promise<S> | null>(null);
  /** The schema itself, loading it first when the form was given a loader (a failed load is tried again next time). */
  const loadSchema = useCallback((): Promise<S> => {
    if (typeof schema !== 'function') return Promise.resolve(schema);
    loading.current ??= schema().catch((error: unknown) => {
      loading.current = null;
      throw error;
    });
    return loading.current;
  }, [schema]);
  const loaded = useRef<S | null>(null);
  const schemaNow = typeof schema === 'function' ? loaded.current : schema;
  const startLoading = useCallback(() => {
    if (typeof schema !== 'function' || loaded.current) return;
    loadSchema().then(
      (ready) => (loaded.current = ready),
      () => undefined, // a submit tries again and reports the failure
    );
  }, [schema, loadSchema]);

  const initialRef = useRef(initialValues);
  const [values, setValuesState] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;

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

  const setValue = useCallback(
    (path: FieldPath<V>, value: string) => {
      setValuesState((previous) => setAt(previous, path, value));
      clearError(path);
      startLoading();
    },
    [clearError, startLoading],
  );

  const field = useCallback(
    (path: FieldPath<V>): FieldProps => {
      const raw = getAt(values, path);
      return {
        name: path,
        value: typeof raw === 'string' ? raw : '',
        error: errors[path],
        onChange: (eventOrValue) => {
          const next = isChangeEvent(eventOrValue) ? eventOrValue.currentTarget.value : (eventOrValue ?? '');
          setValue(path, next);
        },
      };
    },
    [values, errors, setValue],
  );

  const setNumber = useCallback(
    (path: string, value: number | null) => {
      setValuesState((previous) => setAt(previous, path, value));
      clearError(path);
      startLoading();
    },
    [clearError, startLoading],
  );
  const number = useCallback(
    (path: NumberPath<V>): NumberFieldBinding => {
      const raw = getAt(values, path);
      return { name: path, value: typeof raw === 'number' ? raw : null, error: errors[path], onChange: (next) => setNumber(path, next) };
    },
    [values, errors, setNumber],
  );
  const money = useCallback((path: NumberPath<V>, currency: string): MoneyFieldProps => ({ ...number(path), currency }), [number]);

  const setServerErrors = useCallback((serverErrors: FormErrors): boolean => {
    const known = new Set(leafPaths(valuesRef.current));
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

  const onSubmit = useCallback(
    (handler: (data: z.output<S>) => void) => (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const form = event?.currentTarget;
      const values = valuesRef.current;
      const settle = (result: StandardResult<z.output<S>>) => {
        if (result.issues) {
          const next = zodIssuesToErrors(result);
          setErrors(next);
          const first = Object.keys(next)[0];
          if (form && first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
          return;
        }
        setErrors({});
        handler(result.value);
      };
      const validate = (ready: S) => {
        const standard: z.core.$ZodStandardSchema<S> = ready['~standard'];
        const result: StandardResult<z.output<S>> | Promise<StandardResult<z.output<S>>> = standard.validate(values);
        if (result instanceof Promise) void result.then(settle, notifyError);
        else settle(result);
      };
      const ready = schemaNow ?? loaded.current;
      if (ready) validate(ready);
      else
        loadSchema().then((loadedSchema) => {
          loaded.current = loadedSchema;
          validate(loadedSchema);
        }, notifyError);
    },
    [schemaNow, loadSchema],
  );

  const reset = useCallback((next?: V) => {
    if (next) initialRef.current = next;
    setValuesState(initialRef.current);
    setErrors({});
  }, []);

  return useMemo(
    () => ({ values, errors, setValues, setValue, field, money, number, setErrors, setServerErrors, handleServerError, onSubmit, reset }),
    [values, errors, setValues, setValue, field, money, number, setServerErrors, handleServerError, onSubmit, reset],
  );
}
