import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.fn();
vi.mock('@/components/ui/use-toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
const { saveRecord } = await import('./save-record');

type Handlers = { onSuccess: () => void; onError: (e: unknown) => void };

function mutations(outcome: 'ok' | 'fail') {
  const calls: string[] = [];
  const run = (name: string) => (vars: unknown, h: Handlers) => {
    calls.push(`${name} ${JSON.stringify(vars)}`);
    if (outcome === 'ok') h.onSuccess();
    else h.onError(new Error('400: Title is required'));
  };
  return { calls, create: { mutate: run('create') }, update: { mutate: run('update') } };
}

describe('saveRecord', () => {
  beforeEach(() => toast.mockReset());

  it('creates without an id and updates with one, with the documented toasts', () => {
    const m = mutations('ok');
    const saved = vi.fn();
    const base = { input: { title: 'x' }, create: m.create, update: m.update, noun: 'Work order', onSaved: saved, onFailed: vi.fn(), describeError: String };
    saveRecord({ ...base, id: undefined });
    saveRecord({ ...base, id: 7 });
    expect(m.calls).toEqual(['create {"title":"x"}', 'update {"id":7,"input":{"title":"x"}}']);
    expect(toast.mock.calls.map((c) => c[0].title)).toEqual(['Work order created successfully', 'Work order updated successfully']);
    expect(saved).toHaveBeenCalledTimes(2);
  });

  it('reports failures with the server message and hands the error to the form', () => {
    const m = mutations('fail');
    const failed = vi.fn();
    saveRecord({ id: 3, input: {}, create: m.create, update: m.update, noun: 'Estimate', onSaved: vi.fn(), onFailed: failed, describeError: (e) => (e as Error).message });
    expect(failed).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith({ variant: 'destructive', title: 'Failed to update estimate', description: '400: Title is required' });
  });
});
