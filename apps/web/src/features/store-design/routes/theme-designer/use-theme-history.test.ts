import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHistory } from './use-theme-history';

describe('the designer history', () => {
  it('undoes and redoes changes, typing into one field as one step', () => {
    const { result } = renderHook(() => useHistory({ a: '', b: 0 }));
    act(() => result.current.change((v) => ({ ...v, a: 'h' }), 'a'));
    act(() => result.current.change((v) => ({ ...v, a: 'hi' }), 'a'));
    act(() => result.current.change((v) => ({ ...v, b: 1 })));
    expect(result.current.value).toEqual({ a: 'hi', b: 1 });
    act(() => result.current.undo());
    expect(result.current.value).toEqual({ a: 'hi', b: 0 });
    act(() => result.current.undo());
    expect(result.current.value).toEqual({ a: '', b: 0 });
    expect(result.current.canUndo).toBe(false);
    act(() => result.current.redo());
    act(() => result.current.redo());
    expect(result.current.value).toEqual({ a: 'hi', b: 1 });
    expect(result.current.canRedo).toBe(false);
    act(() => result.current.undo());
    act(() => result.current.change((v) => ({ ...v, b: 5 })));
    expect(result.current.canRedo).toBe(false);
  });
});
