import { useCallback, useState } from 'react';

const LIMIT = 100;

interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** What the last change touched: typing into one field is one step of undo, not one per key. */
  lastKey: string | null;
}

/**
 * A value with its undo and redo history, in memory (the theme designer's content). `change(next, key)` with the same
 * key as the change before replaces it instead of adding a step; `reset` starts over (after a reload).
 */
export function useHistory<T>(initial: T) {
  const [h, setH] = useState<History<T>>({ past: [], present: initial, future: [], lastKey: null });
  const change = useCallback((update: (current: T) => T, key: string | null = null) => {
    setH((s) => {
      const next = update(s.present);
      if (next === s.present) return s;
      if (key !== null && key === s.lastKey) return { ...s, present: next, future: [] };
      return { past: [...s.past, s.present].slice(-LIMIT), present: next, future: [], lastKey: key };
    });
  }, []);
  const undo = useCallback(() => {
    setH((s) =>
      s.past.length === 0 ? s : { past: s.past.slice(0, -1), present: s.past[s.past.length - 1]!, future: [s.present, ...s.future], lastKey: null },
    );
  }, []);
  const redo = useCallback(() => {
    setH((s) => (s.future.length === 0 ? s : { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1), lastKey: null }));
  }, []);
  const reset = useCallback((value: T) => setH({ past: [], present: value, future: [], lastKey: null }), []);
  return { value: h.present, change, undo, redo, reset, canUndo: h.past.length > 0, canRedo: h.future.length > 0 };
}
