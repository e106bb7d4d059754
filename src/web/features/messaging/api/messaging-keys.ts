import type { QueryClient } from '@tanstack/react-query';

/** Every messages key starts with 'messages' and every templates key with 'message-templates'. */
export const messageKeys = {
  all: ['messages'] as const,
  list: (params: { q: string; offset: number }) => ['messages', 'list', params] as const,
};

export const templateKeys = {
  all: ['message-templates'] as const,
};

/** docs/rules/platform.md#request-rules: after a save the lists and the dashboard figures are fetched again. */
export function refreshAfterMessageChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: messageKeys.all }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]);
}
