/** One error shape for the whole product: the API sends it, the UI toasts `message`. */
export type FieldError = { path: string; message: string };
export type ErrorBody = { message: string; errors: FieldError[] };

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  toBody(): ErrorBody {
    return { message: this.message, errors: this.errors };
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) => new AppError(400, message, errors);
export const unauthorized = (message = "Please sign in to continue") => new AppError(401, message);
export const forbidden = (message = "You do not have permission to perform this action") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new AppError(429, message, [], { "retry-after": String(retryAfterSeconds) });
