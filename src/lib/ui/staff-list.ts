/**
 * The state of a back-office list edited in place (categories, banners, home rails): the rows
 * from the server, the result of the last change for the status line, and where focus goes
 * after a change. Every change's answer carries the whole list again under `key`. Browser-safe.
 */
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { adminFailure, fieldErrors } from './admin-errors.ts';

/** The status line: the last change's result, or an error. */
export type StaffListStatus = { error: boolean; text: string } | null;

/**
 * Loads the list once through `load`, whose answer holds it under `key`. `run(change, done)`
 * sends a change: its answer's list replaces the one shown and `done` is announced, or the
 * server's message is, and `run` resolves with the refusal's field errors (null on success).
 * `clearError()` takes a refusal's message off the status line (its fields were corrected).
 * `focusFirst(ids)` moves focus, after the next render, to the first of these elements that is
 * there and enabled (a pressed move button, or its twin once it is disabled at an end).
 */
export function useStaffList<K extends string, T>(key: K, load: () => Promise<{ data: Record<K, T[]> }>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [status, setStatus] = useState<StaffListStatus>(null);
  const [focus, focusFirst] = useState<string[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list loads once, when the screen opens.
  useEffect(() => {
    load()
      .then(({ data }) => setItems(data[key]))
      .catch((err) => setStatus({ error: true, text: adminFailure(err) }));
  }, []);

  useEffect(() => {
    if (!focus) return;
    for (const target of focus) {
      const el = document.getElementById(target) as HTMLButtonElement | null;
      if (el && !el.disabled) {
        el.focus();
        break;
      }
    }
    focusFirst(null);
  }, [focus]);

  async function run(
    change: () => Promise<{ data: Record<K, T[]> }>,
    done: string,
  ): Promise<Record<string, string> | null> {
    try {
      const { data } = await change();
      setItems(data[key]);
      setStatus({ error: false, text: done });
      return null;
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
      return fieldErrors(err);
    }
  }

  /** Clears an error from the status line once its form's marked fields are corrected; a success stays. */
  const clearError = () => setStatus((shown) => (shown?.error ? null : shown));

  return { items, status, run, focusFirst, clearError };
}

/**
 * An edit form shown in place of its row: when it opens (an edit, `onCancel` given) the field
 * `first` points at takes the focus, and Escape inside the form cancels, as its Cancel button
 * does. Returns the ref for that first field and the form's `onKeyDown`. A form for adding a new
 * row (no `onCancel`) leaves the focus where it is.
 */
export function useEditFormFocus(onCancel?: () => void): {
  first: RefObject<HTMLInputElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => void;
} {
  const first = useRef<HTMLInputElement>(null);
  const editing = onCancel !== undefined;
  useEffect(() => {
    if (editing) first.current?.focus();
  }, [editing]);
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape' && onCancel && !event.defaultPrevented) {
      event.preventDefault();
      onCancel();
    }
  }
  return { first, onKeyDown };
}

/** The id of a row's Edit button, where the focus returns when its edit form closes. */
export const editButtonId = (kind: string, id: number) => `edit-${kind}-${id}`;
