import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useSubHeaderBar } from './sub-header-store';

export interface EditFormProps {
  /** The form's values differ from what is stored: the bar says "Unsaved changes" and Save is enabled. */
  dirty: boolean;
  /** The save is under way: Save shows it and is disabled. */
  saving: boolean;
  /** Called on Save in the bar and on Enter in a field with the submit event (its default already prevented), so `form.onSubmit(...)` fits. */
  onSave: (event: FormEvent<HTMLFormElement>) => void;
  /** Where Cancel goes when the person did not come from a page of this section (defaults to the section's home). */
  backTo?: string;
  /** The Save button's name when "Save" would not say what happens ("Send invitation"). */
  saveLabel?: string;
  /** Someone who may only read: no bar, and Enter saves nothing. */
  readOnly?: boolean;
  children: ReactNode;
}

/**
 * The one way an edit or create screen saves (spec 2, sub-header bar): wrap the screen's fields in
 * `<EditForm dirty saving onSave backTo>`. The page's sub-header bar shows Cancel and Save for it; Save
 * submits this form like Enter does, Cancel returns to where the person came from in the section. One per page.
 */
export function EditForm({ dirty, saving, onSave, backTo, saveLabel, readOnly = false, children }: EditFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const { show, update, hide } = useSubHeaderBar();

  useEffect(() => {
    if (readOnly) return;
    show({ fallbackHref: backTo ?? null, ...(saveLabel ? { saveLabel } : {}) });
    return () => hide();
  }, [show, hide, backTo, saveLabel, readOnly]);
  useEffect(() => {
    if (readOnly) return;
    update({ title: dirty ? 'Unsaved changes' : 'All changes saved', saved: !dirty, saving, onSave: () => formRef.current?.requestSubmit() });
  }, [update, dirty, saving, readOnly]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || saving || !dirty) return;
    onSave(event);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      {children}
      {/* Enter in a field submits through this default button; the visible Save lives in the bar. */}
      <button type="submit" hidden tabIndex={-1} />
    </form>
  );
}
