/** A refusal with its HTTP status; the server answers it as `{error}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}
