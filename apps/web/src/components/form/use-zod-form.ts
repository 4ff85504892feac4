import { useCallback, useMemo, useRef, type FormEvent } from 'react';
import type { z } from 'zod';
import { notifyError } from '@/lib/notify';
import { useFormFields, type FormErrors, type FormFields } from './form-fields';

export type { FieldPath, FieldProps, FormBinder, FormErrors, FormFields, MoneyFieldProps, NumberFieldBinding, NumberOptions, NumberPath } from './form-fields';

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

export interface ZodForm<S extends z.core.$ZodType, V> extends FormFields<V> {
  /** Validates with the schema; calls `handler` with the parsed output only when valid. */
  onSubmit: (handler: (data: z.output<S>) => void) => (event?: FormEvent<HTMLFormElement>) => void;
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

  const fields = useFormFields(initialValues, startLoading);
  const { setErrors } = fields;
  const valuesRef = useRef(fields.values);
  valuesRef.current = fields.values;

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
    [schemaNow, loadSchema, setErrors],
  );

  return useMemo(() => ({ ...fields, onSubmit }), [fields, onSubmit]);
}
