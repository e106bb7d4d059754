// The request rules of docs/rules/platform.md#request-rules, in one place.
import { issueSentence } from '@contracts/field-words';
import { getImpersonationToken } from '@/lib/impersonation-token';

export interface ApiIssue {
  path: string | (string | number)[];
  message: string;
}

export interface ApiErrorBody {
  message?: string;
  issues?: ApiIssue[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, message: string, body: ApiErrorBody | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface RequestOptions {
  /** Reads only: answer null instead of throwing when the caller is not signed in. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
  /** Extra request headers (a portal link's token travels in one, never in the URL). */
  headers?: Record<string, string>;
}

/** One page of a list endpoint: its rows plus the total from X-Total-Count (docs/rules/lists.md#list-endpoints). */
export interface Page<T> {
  rows: T[];
  total: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}, onHeaders?: (headers: Headers) => void): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // The server's CSRF rule wants a JSON content type on every state-changing call, body or not.
  if (body !== undefined || method !== 'GET') headers['Content-Type'] = 'application/json';
  const token = getImpersonationToken();
  if (token) headers['x-impersonation-token'] = token;

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: options.signal,
  });

  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401 && options.on401 === 'returnNull') return null as T;
    const parsed = text ? parseJson(text) : null;
    const errorBody = parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, errorBody);
  }
  onHeaders?.(response.headers);
  if (!text) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  return (contentType.includes('json') ? JSON.parse(text) : text) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
  /** A list read that also answers the total the server put in X-Total-Count (the rows' count if absent). */
  getPage: async <T>(path: string, options?: RequestOptions): Promise<Page<T>> => {
    let total: number | null = null;
    const rows = await request<T[]>('GET', path, undefined, options, (headers) => {
      const header = headers.get('X-Total-Count');
      total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
    });
    return { rows, total: total ?? rows.length };
  },
};

/**
 * The server's own message when it sent one (`{ message }`), else the generic status text. A message that
 * names a field by its request path ("lineItems.0.amount: Is too large") is shown with the field's label
 * instead ("Line 1, amount: is too large"), so a toast never shows a path (ADR 010).
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) {
    const message = error.body?.message;
    const first = error.body?.issues?.[0];
    if (message && first) {
      const path = Array.isArray(first.path) ? first.path.join('.') : first.path;
      if (message === `${path}: ${first.message}`) return issueSentence(path, first.message);
    }
    return message || error.message || fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
