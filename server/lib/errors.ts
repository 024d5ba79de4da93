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

export const badRequest = (code: string, detail: string, errores?: FieldError[]) =>
  new AppError(400, code, detail, errores ? { errores } : {});
export const unauthorized = (detail = 'Necesitas iniciar sesión.', code = 'no_autenticado') =>
  new AppError(401, code, detail);
export const forbidden = (detail = 'No tienes permisos para realizar esta acción.', code = 'sin_permiso') =>
  new AppError(403, code, detail);
export const notFound = (detail = 'No encontrado.', code = 'no_encontrado') => new AppError(404, code, detail);
export const conflict = (code: string, detail: string) => new AppError(409, code, detail);
