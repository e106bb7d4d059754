// What the page says when an answer is refused (docs/public-endpoints.md): the server's message, and whether reloading
// the quote is the way on (409: the quote changed, was already answered or expired since the page was opened).
import { errorMessage, isApiError } from '@/lib/api-client';

export interface AnswerProblem {
  message: string;
  reload: boolean;
}

export function answerProblem(error: unknown): AnswerProblem {
  if (isApiError(error, 409)) return { message: errorMessage(error, 'This quote changed since you opened it.'), reload: true };
  if (isApiError(error, 429)) return { message: errorMessage(error, 'Too many tries. Please wait a few minutes and try again.'), reload: false };
  if (isApiError(error, 404)) return { message: errorMessage(error, 'Quote not found'), reload: true };
  return { message: errorMessage(error, 'Your answer could not be sent. Please try again.'), reload: false };
}
