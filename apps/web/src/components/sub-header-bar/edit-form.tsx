import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
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
  /**
   * `bar` (the default): the screen is this form, and the page's sub-header bar saves it. `inline`: a detail page
   * that embeds a form among other things (a plan's figures and subscriptions, a staff member's sessions) saves it
   * with a button of its own under the fields; the page's bar is for screens whose main content is the form.
   */
  placement?: 'bar' | 'inline';
  children: ReactNode;
}

/**
 * The one way an edit or create screen saves (spec 2, sub-header bar): wrap the screen's fields in
 * `<EditForm dirty saving onSave backTo>`. The page's sub-header bar shows Cancel and Save for it; Save
 * submits this form like Enter does, Cancel returns to where the person came from in the section. One per page.
 */
export function EditForm({ dirty, saving, onSave, backTo, saveLabel, readOnly = false, placement = 'bar', children }: EditFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const { show, update, hide } = useSubHeaderBar();
  // Spec 2: the bar is there from the start with Cancel and Save (Save disabled while nothing changed). It claims
  // nothing about a form nobody touched (issue 25): "Unsaved changes" with a change, "All changes saved" only once
  // a save on this page went through. A detail page that embeds a form never shows it.
  const inBar = placement === 'bar' && !readOnly;
  const savedHere = useRef({ saving: false, saved: false });

  useEffect(() => {
    if (!inBar) return;
    show({ fallbackHref: backTo ?? null, ...(saveLabel ? { saveLabel } : {}) });
    return () => hide();
  }, [show, hide, backTo, saveLabel, inBar]);
  useEffect(() => {
    if (!inBar) return;
    const seen = savedHere.current;
    if (saving) seen.saving = true;
    else if (seen.saving) seen.saved = !dirty;
    if (!saving) seen.saving = false;
    const title = dirty ? 'Unsaved changes' : seen.saved ? 'All changes saved' : '';
    update({ title, saved: !dirty, saving, onSave: () => formRef.current?.requestSubmit() });
  }, [update, dirty, saving, inBar]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || saving || !dirty) return;
    onSave(event);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      {children}
      {placement === 'inline' && !readOnly ? (
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={!dirty} loading={saving}>
            {saveLabel ?? 'Save'}
          </Button>
        </Group>
      ) : null}
      {/* Enter in a field submits through this default button; the visible Save lives in the bar. */}
      <button type="submit" hidden tabIndex={-1} />
    </form>
  );
}
