import { useCallback, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';

/** Dotted paths of the string leaves of a form's values: `'email' | 'business.name' | ...`. */
export type FieldPath<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends Record<string, unknown> ? `${K}.${FieldPath<T[K]>}` : never;
}[keyof T & string];

export type FormErrors = Record<string, string>;

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

/** The first message per field of a failed zod parse, keyed by the dotted issue path. */
export function zodIssuesToErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

function isChangeEvent(v: unknown): v is ChangeEvent<HTMLInputElement | HTMLTextAreaElement> {
  return typeof v === 'object' && v !== null && 'currentTarget' in v;
}

export interface ZodForm<S extends z.ZodType, V> {
  values: V;
  errors: FormErrors;
  setValues: (updater: V | ((previous: V) => V)) => void;
  setValue: (path: FieldPath<V>, value: string) => void;
  /** Props for one input: value, onChange (clears the field's error), error and name. */
  field: (path: FieldPath<V>) => FieldProps;
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
 * A small form state hook driven by a zod schema (usually the endpoint's own body schema).
 * Values keep the input shape of the schema; validation runs on submit; server field issues
 * (`issues[{ path, message }]` of a 422) land on the field with the same dotted path.
 */
export function useZodForm<S extends z.ZodType, V extends Record<string, unknown>>(schema: S, initialValues: V): ZodForm<S, V> {
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
    },
    [clearError],
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
      const result = schema.safeParse(valuesRef.current);
      if (!result.success) {
        const next = zodIssuesToErrors(result.error);
        setErrors(next);
        const first = Object.keys(next)[0];
        if (form && first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      setErrors({});
      handler(result.data);
    },
    [schema],
  );

  const reset = useCallback((next?: V) => {
    if (next) initialRef.current = next;
    setValuesState(initialRef.current);
    setErrors({});
  }, []);

  return useMemo(
    () => ({ values, errors, setValues, setValue, field, setErrors, setServerErrors, handleServerError, onSubmit, reset }),
    [values, errors, setValues, setValue, field, setServerErrors, handleServerError, onSubmit, reset],
  );
}
