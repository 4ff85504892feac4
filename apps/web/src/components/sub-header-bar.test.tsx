import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider, TextInput } from '@mantine/core';
import { Link, MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { useState } from 'react';
import { EditForm } from './sub-header-bar/edit-form';
import { useSectionHistory } from './sub-header-bar/section-history';
import { SubHeaderBar } from './sub-header-bar/sub-header-bar';
import { subHeaderStore } from './sub-header-bar/sub-header-store';

afterEach(() => {
  cleanup();
  subHeaderStore.reset();
});

/** As the app does: the area of a page is its section ("/payments/..." or "/store/..."). */
function Root() {
  const { pathname } = useLocation();
  useSectionHistory(pathname.split('/')[1] ?? '');
  return (
    <>
      <SubHeaderBar contentWidth={960} fallbackHref="/payments/home" />
      <Outlet />
    </>
  );
}

function NameScreen({ onSave, saving = false, readOnly = false }: { onSave: (name: string) => void; saving?: boolean; readOnly?: boolean }) {
  const [name, setName] = useState('Demo');
  return (
    <EditForm dirty={name !== 'Demo'} saving={saving} onSave={() => onSave(name)} backTo="/payments/settings" readOnly={readOnly}>
      <TextInput label="Business name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
    </EditForm>
  );
}

function Page({ name }: { name: string }) {
  return (
    <>
      <h1>{name}</h1>
      <Link to="/payments/details">Open payments details</Link>
      <Link to="/store/details">Open store details</Link>
    </>
  );
}

function renderApp(initial: string[], screen: React.ReactNode = <NameScreen onSave={() => undefined} />) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={initial} initialIndex={initial.length - 1}>
        <Routes>
          <Route element={<Root />}>
            <Route path="/payments/home" element={<Page name="Payments home" />} />
            <Route path="/payments/settings" element={<Page name="Payments settings" />} />
            <Route path="/payments/list" element={<Page name="Payments list" />} />
            <Route path="/store/list" element={<Page name="Store list" />} />
            <Route path="/payments/details" element={screen} />
            <Route path="/store/details" element={screen} />
          </Route>
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const bar = (name: string) => screen.getByRole('region', { name });
/** A change to the form, so that its bar shows. */
const edit = () => fireEvent.change(screen.getByRole('textbox', { name: 'Business name' }), { target: { value: 'Demo Plus' } });
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('EditForm and the sub-header bar', () => {
  it('on a form nobody touched, shows Cancel and a disabled Save and claims nothing; a change shows "Unsaved changes" with Save, which submits the form with its values', () => {
    const onSave = vi.fn();
    renderApp(['/payments/details'], <NameScreen onSave={onSave} />);
    expect(within(bar('Save or cancel')).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText('All changes saved')).toBeNull();
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Business name' }), { target: { value: 'Demo Plus' } });
    expect(bar('Unsaved changes')).toBeTruthy();
    expect(within(bar('Unsaved changes')).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledWith('Demo Plus');

    // Back to the stored value: nothing to save, and nothing was saved here either.
    fireEvent.change(screen.getByRole('textbox', { name: 'Business name' }), { target: { value: 'Demo' } });
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.queryByText('All changes saved')).toBeNull();
  });

  it('says "All changes saved" once a save on this page went through', async () => {
    let finish = () => undefined as void;
    function SavingScreen() {
      const [stored, setStored] = useState('Demo');
      const [name, setName] = useState('Demo');
      const [saving, setSaving] = useState(false);
      const save = () => {
        setSaving(true);
        finish = () => {
          setStored(name);
          setSaving(false);
        };
      };
      return (
        <EditForm dirty={name !== stored} saving={saving} onSave={save} backTo="/payments/settings">
          <TextInput label="Business name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </EditForm>
      );
    }
    renderApp(['/payments/details'], <SavingScreen />);
    edit();
    fireEvent.click(saveButton());
    expect(saveButton().getAttribute('data-loading')).toBe('true');
    act(() => finish());
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('a detail page that embeds a form saves with the form’s own button, never the page’s bar', () => {
    const onSave = vi.fn();
    function Embedded() {
      const [name, setName] = useState('Demo');
      return (
        <EditForm placement="inline" dirty={name !== 'Demo'} saving={false} onSave={() => onSave(name)} saveLabel="Save role">
          <TextInput label="Role" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </EditForm>
      );
    }
    renderApp(['/payments/details'], <Embedded />);
    const save = screen.getByRole('button', { name: 'Save role' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Role' }), { target: { value: 'Manager' } });
    expect(screen.queryByRole('region')).toBeNull();
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith('Manager');
  });

  it('shows the save under way and refuses a second one meanwhile', () => {
    const onSave = vi.fn();
    renderApp(['/payments/details'], <NameScreen onSave={onSave} saving />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Business name' }), { target: { value: 'Demo Plus' } });
    expect(saveButton().disabled).toBe(true);
    expect(saveButton().getAttribute('data-loading')).toBe('true');
    fireEvent.submit(screen.getByRole('textbox', { name: 'Business name' }).closest('form')!);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows no bar to someone who may only read', () => {
    renderApp(['/payments/details'], <NameScreen onSave={() => undefined} readOnly />);
    expect(screen.getByRole('textbox', { name: 'Business name' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Business name' }), { target: { value: 'Demo Plus' } });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('Cancel returns to the page of the same section the person came from and hides the bar', async () => {
    renderApp(['/payments/list']);
    fireEvent.click(screen.getByRole('link', { name: 'Open payments details' }));
    edit();
    fireEvent.click(within(bar('Unsaved changes')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Payments list' })).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
    expect(subHeaderStore.get().visible).toBe(false);
  });

  it('Cancel stays in the section: from another section it goes to the screen’s backTo', async () => {
    renderApp(['/store/list']);
    fireEvent.click(screen.getByRole('link', { name: 'Open payments details' }));
    edit();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Payments settings' })).toBeTruthy();
  });

  it('Cancel on a page opened directly goes to the screen’s backTo', async () => {
    renderApp(['/payments/details']);
    edit();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Payments settings' })).toBeTruthy();
  });

  it('without a backTo, Cancel on a page opened directly goes to the section home the layout names', async () => {
    function NoBackTo() {
      return (
        <EditForm dirty saving={false} onSave={() => undefined}>
          <p>form</p>
        </EditForm>
      );
    }
    renderApp(['/payments/details'], <NoBackTo />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Payments home' })).toBeTruthy();
  });
});
