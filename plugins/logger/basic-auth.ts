// The user name of HTTP Basic credentials (RFC 7617), for the `:remote-user` token.

/** `Basic <base64>`: the scheme in any case, spaces around, a token68 credential. */
const BASIC_CREDENTIALS = /^ *[Bb][Aa][Ss][Ii][Cc] +([A-Za-z0-9._~+/-]+=*) *$/

/**
 * The user name carried by an `Authorization: Basic …` header value: the decoded
 * credentials up to the first `:`. `undefined` when the header is absent, not Basic,
 * or carries no `:`. An empty user name is returned as `''`.
 */
export function basicAuthUser (authorization: unknown): string | undefined {
  if (typeof authorization !== 'string') return undefined
  const match = BASIC_CREDENTIALS.exec(authorization)
  if (match === null) return undefined
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon === -1 ? undefined : decoded.slice(0, colon)
}
