// Random Lambda events for the fixture app: one request, written as each kind of event carries it.
import fc from 'fast-check'

/** The kinds of event: API Gateway REST and HTTP API (payloads 1.0 and 2.0), Function URLs, ALB without and with multi-value headers. */
export const EVENT_KINDS = ['rest', 'http-api-1.0', 'http-api-2.0', 'function-url', 'alb', 'alb-multi-value'] as const
export type EventKind = typeof EVENT_KINDS[number]

/** A piece of a path or query as sent (percent-encoded), as API Gateway HTTP APIs pass it (decoded), and, for queries, with `+` for a space. */
interface Token { sent: string, decoded: string, plus?: string }

const PATH_TOKENS: Token[] = [
  { sent: 'a', decoded: 'a' }, { sent: 'Zed', decoded: 'Zed' }, { sent: '7', decoded: '7' }, { sent: '-', decoded: '-' },
  { sent: '.', decoded: '.' }, { sent: '~', decoded: '~' }, { sent: '%20', decoded: ' ' }, { sent: '%C3%A9', decoded: 'é' },
  { sent: '%E2%82%AC', decoded: '€' }, { sent: '%2F', decoded: '/' }, { sent: '%3F', decoded: '?' }, { sent: '%23', decoded: '#' },
  { sent: '%25', decoded: '%' }, { sent: '+', decoded: '+' }, { sent: ';', decoded: ';' }, { sent: '@', decoded: '@' },
  { sent: ':', decoded: ':' }, { sent: '%zz', decoded: '%zz' }, { sent: '..', decoded: '..' }, { sent: "'", decoded: "'" }
]
const QUERY_TOKENS: Token[] = [
  { sent: 'a', decoded: 'a' }, { sent: 'b', decoded: 'b' }, { sent: '1', decoded: '1' }, { sent: '%20', decoded: ' ', plus: '+' },
  { sent: '%2B', decoded: '+' }, { sent: '%26', decoded: '&' }, { sent: '%3D', decoded: '=' }, { sent: '%C3%A9', decoded: 'é' },
  { sent: '%25', decoded: '%' }, { sent: '%5B%5D', decoded: '[]' }, { sent: '[x]', decoded: '[x]' }, { sent: '.', decoded: '.' },
  { sent: '%zz', decoded: '%zz' }, { sent: '%23', decoded: '#' }, { sent: '~', decoded: '~' }
]
const KEY_TOKENS: Token[] = [
  { sent: 'a', decoded: 'a' }, { sent: 'b', decoded: 'b' }, { sent: '%20', decoded: ' ', plus: '+' }, { sent: '%C3%A9', decoded: 'é' },
  { sent: '[x]', decoded: '[x]' }, { sent: '%5B%5D', decoded: '[]' }, { sent: 'k.y', decoded: 'k.y' }
]

/** Routes of the fixture but `/echo`, which is drawn as often as all of them. */
const ROUTES = [
  '/binary/png', '/binary/application%2Foctet-stream', '/binary/html', '/encoded',
  '/encoded?coding=br', '/encoded?coding=identity', '/cookies/0', '/cookies/1', '/cookies/3', '/links', '/status/200', '/status/204',
  '/status/304', '/status/418', '/status/500', '/redirect', '/write', '/writehead', '/json', '/html', '/fresh', '/file',
  '/throw', '/throw-status', '/next-error', '/nowhere'
]
const METHODS = ['GET', 'GET', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']
const HEADER_NAMES = [
  'Accept', 'X-Custom', 'x-custom', 'X-Forwarded-For', 'User-Agent', 'If-None-Match', 'X-Request-Id', 'Accept-Language',
  'X-Requested-With', 'Host', 'X-Forwarded-Proto', 'Accept-Encoding', 'X-Trace'
]
const HEADER_VALUES = [
  'text/html', 'application/json', '*/*', '203.0.113.9', '203.0.113.9, 10.0.0.1', 'XMLHttpRequest', '"fixed"', 'W/"other"',
  'é in latin1', 'a,b', 'gzip, br', 'api.example.com', 'https', '', 'fixture/1.0', 'en;q=0.8'
]
const COOKIE_NAMES = ['session', 'theme', 'a', 'é']
const COOKIE_VALUES = ['1', 'dark', 'x%20y', '"quoted"', 'j:{"a":1}', '']
const SOURCE_IPS = ['203.0.113.7', '198.51.100.1', '2001:db8::1', '127.0.0.1']
const REQUEST_IDS = ['c6af9ac6-7b61-11e6-9a41-93e8deadbeef', 'Abc=', 'req-1']

/** A request body, with the type it is sent as. */
export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json' | 'bad-json' | 'form' | 'text', text: string, base64: boolean }
  | { kind: 'binary', bytes: Uint8Array }

/** One request, before it is written as an event. */
export interface RequestSpec {
  method: string
  route: string
  segments: Token[][]
  query: Array<[Token[], Token[]]>
  plusForSpace: boolean
  headers: Array<[string, string]>
  cookies: Array<[string, string]>
  body: BodySpec
  contentLength: boolean
  sourceIp: string
  requestId: string
  /** For HTTP APIs: a stage other than `$default`, which API Gateway puts in front of the path. */
  stage: boolean
}

const tokens = (pool: Token[], max: number): fc.Arbitrary<Token[]> => fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: max })

const body: fc.Arbitrary<BodySpec> = fc.oneof(
  fc.constant<BodySpec>({ kind: 'none' }),
  fc.record({
    kind: fc.constant('json' as const),
    text: fc.oneof({ arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), weight: 3 }, { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 })
      .map((value) => JSON.stringify(value)),
    base64: fc.boolean()
  }),
  fc.record({ kind: fc.constant('bad-json' as const), text: fc.constantFrom('{"a":', '{a:1}', '[1,]'), base64: fc.constant(false) }),
  fc.record({ kind: fc.constant('form' as const), text: fc.constantFrom('a=1&b[c]=2', 'x=%C3%A9+y&x=2', 'name=tobi', ''), base64: fc.boolean() }),
  fc.record({ kind: fc.constant('text' as const), text: fc.string({ unit: 'grapheme', maxLength: 12 }), base64: fc.boolean() }),
  fc.record({ kind: fc.constant('binary' as const), bytes: fc.uint8Array({ maxLength: 16 }) })
)

export const requestSpec: fc.Arbitrary<RequestSpec> = fc.record({
  method: fc.constantFrom(...METHODS),
  route: fc.oneof(fc.constant('/echo'), fc.constantFrom(...ROUTES)),
  segments: fc.array(tokens(PATH_TOKENS, 3), { maxLength: 3 }),
  query: fc.array(fc.tuple(tokens(KEY_TOKENS, 2), fc.array(fc.constantFrom(...QUERY_TOKENS), { maxLength: 3 })), { maxLength: 4 }),
  plusForSpace: fc.boolean(),
  headers: fc.array(fc.tuple(fc.constantFrom(...HEADER_NAMES), fc.constantFrom(...HEADER_VALUES)), { maxLength: 5 }),
  cookies: fc.array(fc.tuple(fc.constantFrom(...COOKIE_NAMES), fc.constantFrom(...COOKIE_VALUES)), { maxLength: 3 }),
  body,
  contentLength: fc.boolean(),
  sourceIp: fc.constantFrom(...SOURCE_IPS),
  requestId: fc.constantFrom(...REQUEST_IDS),
  stage: fc.boolean()
})

const CONTENT_TYPES = { json: 'application/json', 'bad-json': 'application/json', form: 'application/x-www-form-urlencoded', text: 'text/plain; charset=utf-8', binary: 'application/octet-stream' }

/** The body as an event carries it: text, or base64. */
function eventBody (spec: BodySpec): { body: string | null, isBase64Encoded: boolean, type?: string, length: number } {
  if (spec.kind === 'none') return { body: null, isBase64Encoded: false, length: 0 }
  const bytes = spec.kind === 'binary' ? Buffer.from(spec.bytes) : Buffer.from(spec.text, 'utf8')
  const base64 = spec.kind === 'binary' || spec.base64
  return { body: base64 ? bytes.toString('base64') : bytes.toString('utf8'), isBase64Encoded: base64, type: CONTENT_TYPES[spec.kind], length: bytes.length }
}

/** The path, as sent (percent-encoded) or as HTTP APIs pass it (decoded). */
function pathOf (spec: RequestSpec, decoded: boolean): string {
  const [route] = spec.route.split('?')
  const pick = (t: Token): string => decoded ? t.decoded : t.sent
  const extra = route === '/echo' || route === '/nowhere' ? spec.segments.map((segment) => '/' + segment.map(pick).join('')).join('') : ''
  const base = decoded ? decodeURIComponent(route) : route
  return base + extra
}

/** The query's pairs: the route's own, then the generated ones; names and values sent, decoded, and as ALB passes them. */
function pairsOf (spec: RequestSpec): Array<{ sent: [string, string], decoded: [string, string] }> {
  const own = spec.route.includes('?') ? spec.route.split('?')[1].split('&').map((pair) => pair.split('=') as [string, string]) : []
  const sent = (t: Token): string => spec.plusForSpace && t.plus !== undefined ? t.plus : t.sent
  return [
    ...own.map((pair) => ({ sent: pair, decoded: pair })),
    ...spec.query.map(([key, value]) => ({
      sent: [key.map(sent).join(''), value.map(sent).join('')] as [string, string],
      decoded: [key.map((t) => t.decoded).join(''), value.map((t) => t.decoded).join('')] as [string, string]
    }))
  ]
}

/** Values grouped by name, in order of first appearance. */
function grouped (pairs: Array<[string, string]>): Record<string, string[]> {
  const groups: Record<string, string[]> = {}
  for (const [name, value] of pairs) {
    if (!Object.prototype.hasOwnProperty.call(groups, name)) groups[name] = []
    groups[name].push(value)
  }
  return groups
}

function lastOf (groups: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(groups).map(([name, values]) => [name, values[values.length - 1]]))
}

/** The request's header lines (cookies as `Cookie` lines unless `cookiesApart`), names as given or lowercased. */
function headerPairs (spec: RequestSpec, lowercase: boolean, cookiesApart: boolean): Array<[string, string]> {
  const pairs = [...spec.headers]
  const b = eventBody(spec.body)
  if (b.type !== undefined) pairs.push(['Content-Type', b.type])
  if (spec.contentLength && b.body !== null) pairs.push(['Content-Length', String(b.length)])
  if (!cookiesApart) for (const [name, value] of spec.cookies) pairs.push(['Cookie', `${name}=${value}`])
  return lowercase ? pairs.map(([name, value]) => [name.toLowerCase(), value]) : pairs
}

function joined (groups: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(groups).map(([name, values]) => [name, values.join(',')]))
}

/** The request written as an event of `kind`, as AWS would send it. */
export function eventOf (kind: EventKind, spec: RequestSpec): Record<string, unknown> {
  const b = eventBody(spec.body)
  const pairs = pairsOf(spec)
  switch (kind) {
    case 'rest':
    case 'http-api-1.0': {
      const http = kind === 'http-api-1.0'
      const path = pathOf(spec, http)
      const headers = grouped(headerPairs(spec, http, false))
      const query = grouped(pairs.map((p) => p.decoded))
      const hasQuery = pairs.length > 0
      const stagePath = http && spec.stage ? `/dev${path}` : path
      return {
        ...(http ? { version: '1.0' } : {}),
        resource: '/{proxy+}',
        path: stagePath,
        httpMethod: spec.method,
        headers: spec.headers.length + spec.cookies.length > 0 || b.type !== undefined ? lastOf(headers) : null,
        multiValueHeaders: spec.headers.length + spec.cookies.length > 0 || b.type !== undefined ? headers : null,
        queryStringParameters: hasQuery ? lastOf(query) : null,
        multiValueQueryStringParameters: hasQuery ? query : null,
        pathParameters: { proxy: path.slice(1) },
        stageVariables: null,
        requestContext: {
          accountId: '123456789012',
          apiId: 'abc123',
          domainName: 'abc123.execute-api.us-east-1.amazonaws.com',
          httpMethod: spec.method,
          identity: { sourceIp: spec.sourceIp, userAgent: 'fixture/1.0', caller: null, user: null },
          path: http ? stagePath : `/prod${path}`,
          protocol: 'HTTP/1.1',
          requestId: spec.requestId,
          requestTimeEpoch: 1700000000000,
          resourcePath: '/{proxy+}',
          stage: http ? (spec.stage ? 'dev' : '$default') : 'prod'
        },
        body: b.body,
        isBase64Encoded: b.isBase64Encoded
      }
    }
    case 'http-api-2.0':
    case 'function-url': {
      const url = kind === 'function-url'
      const path = pathOf(spec, !url)
      const stagePath = !url && spec.stage ? `/dev${path}` : path
      const query = grouped(pairs.map((p) => p.decoded))
      return {
        version: '2.0',
        routeKey: '$default',
        rawPath: stagePath,
        rawQueryString: pairs.map((p) => p.sent.join('=')).join('&'),
        ...(spec.cookies.length > 0 ? { cookies: spec.cookies.map(([name, value]) => `${name}=${value}`) } : {}),
        headers: joined(grouped(headerPairs(spec, true, true))),
        ...(pairs.length > 0 ? { queryStringParameters: joined(query) } : {}),
        requestContext: {
          accountId: url ? 'anonymous' : '123456789012',
          apiId: url ? 'urlid' : 'abc123',
          ...(url ? { authentication: null, authorizer: { iam: null } } : {}),
          domainName: url ? 'urlid.lambda-url.us-east-1.on.aws' : 'abc123.execute-api.us-east-1.amazonaws.com',
          http: { method: spec.method, path: stagePath, protocol: 'HTTP/1.1', sourceIp: spec.sourceIp, userAgent: 'fixture/1.0' },
          requestId: spec.requestId,
          routeKey: '$default',
          stage: !url && spec.stage ? 'dev' : '$default',
          timeEpoch: 1700000000000
        },
        ...(b.body !== null ? { body: b.body } : {}),
        isBase64Encoded: b.isBase64Encoded
      }
    }
    case 'alb':
    case 'alb-multi-value': {
      const multi = kind === 'alb-multi-value'
      const headers = grouped(headerPairs(spec, true, false))
      const query = grouped(pairs.map((p) => p.sent))
      return {
        requestContext: { elb: { targetGroupArn: 'arn:aws:elasticloadbalancing:us-east-1:123456789012:targetgroup/fixture/abc' } },
        httpMethod: spec.method,
        path: pathOf(spec, false),
        ...(multi
          ? { multiValueQueryStringParameters: query, multiValueHeaders: headers }
          : { queryStringParameters: lastOf(query), headers: lastOf(headers) }),
        body: b.body ?? '',
        isBase64Encoded: b.isBase64Encoded
      }
    }
  }
}
