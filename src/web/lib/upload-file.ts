// A multipart upload under the request rules of docs/rules/platform.md#request-rules (cookies, the impersonation
// header, `status: body` errors), with the upload's progress: fetch cannot report how much of a body went out, so
// this is an XMLHttpRequest. A phone on a slow connection shows how far a 5 MB photo has gone.
import { ApiError, type ApiErrorBody } from '@/lib/api-client';
import { getImpersonationToken } from '@/lib/impersonation-token';

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** POSTs the form (the browser sets the multipart boundary); `onProgress` gets 0..1 as the body goes out. */
export function uploadForm<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getImpersonationToken();
    if (token) xhr.setRequestHeader('x-impersonation-token', token);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
    }
    xhr.onload = () => {
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parsed as T);
        return;
      }
      const body = parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
      reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`, body));
    };
    xhr.onerror = () => reject(new Error('The upload did not reach the server. Check the connection and try again.'));
    xhr.onabort = () => reject(new Error('The upload was stopped.'));
    xhr.send(form);
  });
}
