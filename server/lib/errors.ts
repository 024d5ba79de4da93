import { apiMessage, validationMessage, type ApiCode, type Language, type ValidationKey } from '../../contracts/messages/index.ts';

export interface FieldError {
  campo: string;
  mensaje: string;
}

/** A failure the client should see: an HTTP status, a machine code and a human detail. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errores: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    detail: string,
    options: { errores?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.errores = options.errores;
    this.headers = options.headers;
  }
}

export type FailStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/** A code whose text is in contracts/messages: an API message, or else a validation message. */
export type MessageCode = ApiCode | ValidationKey;

export function messageOf(code: MessageCode, language: Language): string {
  return apiMessage(code, language) ?? validationMessage(code, language);
}

export interface FailOptions {
  /** Whose text the detail is, when not the code's own (a 400 `validacion` that says why). */
  message?: MessageCode;
  /** Values for the message's `{name}` placeholders. */
  params?: Record<string, string | number>;
  /** The input field the message is about: it is listed in `errores` too. */
  field?: string;
  headers?: Record<string, string>;
}

/**
 * The one way to raise an error the client sees: its code's message (contracts/messages) in the
 * caller's language, placeholders filled. Throw what it returns: `throw fail(404, 'no_encontrado', caller.language)`.
 */
export function fail(status: FailStatus, code: MessageCode, language: Language, options: FailOptions = {}): AppError {
  let detail = messageOf(options.message ?? code, language);
  for (const [name, value] of Object.entries(options.params ?? {})) detail = detail.replace(`{${name}}`, String(value));
  return new AppError(status, code, detail, {
    ...(options.field === undefined ? {} : { errores: [{ campo: options.field, mensaje: detail }] }),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}
