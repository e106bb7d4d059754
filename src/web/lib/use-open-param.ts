import { useSearchParams } from 'react-router';

/**
 * The record a list screen shows in its dialog, kept in `?open=ID` so the global search (and a
 * reload, or the back button) can open it; `name` for another parameter (`?conversation=ID`, the bell's link).
 */
export function useOpenParam(name = 'open'): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const setId = (next: number | null) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === null) copy.delete(name);
        else copy.set(name, String(next));
        return copy;
      },
      { replace: next === null },
    );
  };
  return [id, setId];
}
