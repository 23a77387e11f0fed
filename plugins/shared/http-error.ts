// The errors http-errors creates, described here so the declarations need no types package for them.

/** An http-errors error: `status` and `statusCode` are the HTTP status; other properties as given. */
export interface HttpError<N extends number = number> extends Error {
  status: N
  statusCode: N
  /** Whether the message may be sent to the client (true below 500). */
  expose: boolean
  headers?: { [key: string]: string } | undefined
  [key: string]: any
}
