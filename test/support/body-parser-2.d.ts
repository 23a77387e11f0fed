// body-parser@2, installed under the alias `body-parser-2` for the standalone parser's differential
// test (the package ships no types, and @types/body-parser describes version 1).
declare module 'body-parser-2' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void

  const bodyParser: {
    json (options?: object): Middleware
    raw (options?: object): Middleware
    text (options?: object): Middleware
    urlencoded (options?: object): Middleware
  }
  export = bodyParser
}
