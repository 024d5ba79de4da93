import { apiMessage, type Language } from '../../contracts/messages/index.ts';
import { AppError } from './errors.ts';

/** An AppError whose detail is the code's message (contracts/messages) in the caller's language. */
export function apiError(status: 400 | 403 | 404 | 409, code: string, language: Language): AppError {
  return new AppError(status, code, apiMessage(code, language) ?? code);
}
