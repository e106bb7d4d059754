import { useSearchParams } from 'react-router';

/**
 * The record a list screen shows in its dialog, kept in `?open=ID` so the global search (and a
 * reload, or the back button) can open it.
 */
export function useOpenParam(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('open'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const setId = (next: number | null) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === null) copy.delete('open');
        else copy.set('open', String(next));
        return copy;
      },
      { replace: next === null },
    );
  };
  return [id, setId];
}
