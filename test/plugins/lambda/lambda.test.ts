import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { ErrorCode, PluginError } from '../../../kernel'
import lambda = require('../../../plugins/lambda')
import express = require('../../../presets/default')
import { LAMBDA_OPTIONS } from '../../../plugins/lambda/options'

/* eslint-disable @typescript-eslint/no-explicit-any -- events and requests are read loosely here */

/** An HTTP API payload 2.0 event for `GET /`, with `over` on top. */
function v2 (over: Record<string, unknown> = {}): lambda.ApiGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/',
    rawQueryString: '',
    headers: { host: 'api.example.com' },
    requestContext: { requestId: 'rid-2', stage: '$default', http: { method: 'GET', path: '/', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' } },
    isBase64Encoded: false,
    ...over
  }
}

/** A REST API event for `GET /`, with `over` on top. */
function rest (over: Record<string, unknown> = {}): lambda.ApiGatewayProxyEvent {
  return {
    resource: '/{proxy+}',
    path: '/',
    httpMethod: 'GET',
    headers: { Host: 'api.example.com' },
    multiValueHeaders: { Host: ['api.example.com'] },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    requestContext: { requestId: 'rid-1', stage: 'prod', identity: { sourceIp: '198.51.100.1' } },
    body: null,
    isBase64Encoded: false,
    ...over
  }
}

/** An ALB event for `GET /`, with multi-value headers or without. */
function alb (multiValue: boolean, over: Record<string, unknown> = {}): lambda.AlbEvent {
  return {
    requestContext: { elb: { targetGroupArn: 'arn:aws:elasticloadbalancing:us-east-1:1:targetgroup/t/1' } },
    httpMethod: 'GET',
    path: '/',
    ...(multiValue
      ? { multiValueHeaders: { host: ['lb.example.com'] }, multiValueQueryStringParameters: {} }
      : { headers: { host: 'lb.example.com' }, queryStringParameters: {} }),
    body: '',
    isBase64Encoded: false,
    ...over
  }
}

/** A listener that answers with what `read` takes of the request, as JSON. */
function echo (read: (req: any) => unknown) {
  return (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify(read(req)))
  }
}

/**
 * serverless-http as loaded with `BINARY_CONTENT_TYPES` set to `types` (it reads the variable as
 * it loads): a fresh copy of its modules, the copy already loaded put back after.
 */
function serverlessWith (types: string): (app: unknown) => (event: unknown, context: unknown) => Promise<unknown> {
  const root = path.dirname(require.resolve('serverless-http/package.json')) + path.sep
  const loaded = Object.entries(require.cache).filter(([file]) => file.startsWith(root))
  for (const [file] of loaded) delete require.cache[file]
  process.env.BINARY_CONTENT_TYPES = types
  try {
    return require('serverless-http')
  } finally {
    delete process.env.BINARY_CONTENT_TYPES
    for (const file of Object.keys(require.cache)) if (file.startsWith(root)) delete require.cache[file]
    for (const [file, entry] of loaded) require.cache[file] = entry
  }
}

function refuses (call: () => unknown, pattern: RegExp): void {
  assert.throws(call, (err: unknown) => {
    assert.ok(err instanceof PluginError, String(err))
    assert.equal(err.code, ErrorCode.PLUGIN_OPTIONS)
    assert.match(err.message, pattern)
    return true
  })
}

describe('lambda(app, options)', () => {
  it('returns an async (event, context) handler', async () => {
    const handler = lambda(express())
    assert.equal(typeof handler, 'function')
    const result = await handler(v2())
    assert.equal(result.statusCode, 404)
  })

  it('takes any (req, res) function, writeHead headers included', async () => {
    const handler = lambda((req, res) => {
      res.writeHead(201, { 'Content-Type': 'text/plain', 'X-Only': 'writeHead' })
      res.end('made')
    })
    assert.deepEqual(await handler(v2()), {
      statusCode: 201,
      isBase64Encoded: false,
      body: 'made',
      headers: { 'content-type': 'text/plain', 'x-only': 'writeHead' },
      cookies: []
    })
  })

  it('refuses an app that is not a function', () => {
    for (const app of [undefined, null, {}, 'app']) {
      assert.throws(() => lambda(app as never), /^TypeError: lambda\(app\) takes an app or a \(req, res\) function, got /)
    }
  })

  describe('options', () => {
    it('accepts every documented option and type', () => {
      const values: Record<string, unknown[]> = {
        basePath: ['/api'],
        binary: [true, false, 'image/*', ['image/png'], () => true],
        requestId: ['x-trace', false],
        request: [{ user: 'tobi' }, () => undefined],
        response: [{ statusCode: 200 }, () => undefined]
      }
      assert.deepEqual(Object.keys(values), LAMBDA_OPTIONS.options.map((option) => option.name))
      for (const [name, list] of Object.entries(values)) {
        for (const value of list) assert.equal(typeof lambda(express(), { [name]: value }), 'function', name)
      }
      assert.equal(typeof lambda(express(), {}), 'function')
      assert.equal(typeof lambda(express(), undefined), 'function')
    })

    it('refuses an unknown option, naming the closest one', () => {
      refuses(() => lambda(express(), { basepath: '/api' } as never), /^lambda\(\) has no option `basepath`: did you mean `basePath`\? Its options: basePath, binary, requestId, request, response\.$/)
      refuses(() => lambda(express(), { provider: 'aws' } as never), /^lambda\(\) has no option `provider`/)
    })

    it('refuses values of the wrong type', () => {
      refuses(() => lambda(express(), { basePath: 1 } as never), /^lambda\(\) option `basePath` must be a string, got a number \(1\)$/)
      refuses(() => lambda(express(), { binary: [1] } as never), /option `binary` must be a boolean or a string or an array of strings or a function/)
      refuses(() => lambda(express(), { requestId: true } as never), /option `requestId` must be a string or false/)
      refuses(() => lambda(express(), { request: 'x' } as never), /option `request` must be an object or a function/)
      refuses(() => lambda(express(), 'fast' as never), /^lambda\(\) takes an options object, got a string/)
    })

    it('refuses a binary type that is no pattern when the handler is made', () => {
      assert.throws(() => lambda(express(), { binary: 'image/[' }), SyntaxError)
    })
  })

  describe('the request', () => {
    it('is an https request with the event\'s method, URL, headers and cookies', async () => {
      const handler = lambda(echo((req) => ({ method: req.method, url: req.url, headers: req.headers, rawHeaders: req.rawHeaders, encrypted: req.socket.encrypted })))
      const result = await handler(v2({
        rawPath: '/users/7',
        rawQueryString: 'a=1&a=2',
        cookies: ['a=1', 'b=2'],
        headers: { host: 'api.example.com', 'x-one': '1' },
        requestContext: { requestId: 'rid-2', http: { method: 'POST', sourceIp: '203.0.113.7' } },
        body: 'hi'
      }))
      assert.deepEqual(JSON.parse(result.body), {
        method: 'POST',
        url: '/users/7?a=1&a=2',
        headers: { cookie: 'a=1; b=2', host: 'api.example.com', 'x-one': '1', 'x-request-id': 'rid-2', 'content-length': 2 },
        rawHeaders: ['cookie', 'a=1; b=2', 'host', 'api.example.com', 'x-one', '1', 'x-request-id', 'rid-2', 'content-length', '2'],
        encrypted: true
      })
    })

    it('gives req.ip the event\'s source IP, whatever trust proxy says; none for ALB', async () => {
      const app = express()
      app.set('trust proxy', true)
      app.get('/', (req, res) => { res.json({ ip: req.ip ?? null, ips: req.ips }) })
      const handler = lambda(app)
      const forwarded = { 'x-forwarded-for': '192.0.2.1, 10.0.0.1' }
      assert.deepEqual(JSON.parse((await handler(rest({ headers: forwarded, multiValueHeaders: null }))).body), { ip: '198.51.100.1', ips: ['192.0.2.1', '10.0.0.1'] })
      assert.deepEqual(JSON.parse((await handler(v2({ headers: forwarded }))).body), { ip: '203.0.113.7', ips: ['192.0.2.1', '10.0.0.1'] })
      assert.deepEqual(JSON.parse((await handler(alb(false, { headers: forwarded }))).body), { ip: null, ips: ['192.0.2.1', '10.0.0.1'] })
    })

    it('gives req.body the body\'s bytes until a parser replaces them, and req.apiGateway and req.requestContext', async () => {
      const app = express()
      app.post('/raw', (req: any, res) => { res.json({ bytes: Buffer.isBuffer(req.body) ? req.body.toString('base64') : null }) })
      app.post('/json', express.json(), (req: any, res) => { res.json(req.body) })
      app.get('/invocation', (req, res) => {
        res.json({ context: req.apiGateway?.context, requestContext: req.requestContext, same: req.requestContext === req.apiGateway?.event.requestContext })
      })
      const handler = lambda(app)
      const post = (path: string, body: string, base64 = false): lambda.ApiGatewayProxyEventV2 =>
        v2({ rawPath: path, body, isBase64Encoded: base64, headers: { 'content-type': 'application/json' }, requestContext: { http: { method: 'POST' } } })
      assert.deepEqual(JSON.parse((await handler(post('/raw', 'AAEC/w==', true))).body), { bytes: 'AAEC/w==' })
      assert.deepEqual(JSON.parse((await handler(post('/json', Buffer.from('{"a":"é"}').toString('base64'), true))).body), { a: 'é' })
      assert.deepEqual(JSON.parse((await handler(post('/json', '{"a":1}'))).body), { a: 1 })
      const context = { awsRequestId: 'aws-1', functionName: 'fn' }
      assert.deepEqual(JSON.parse((await handler(rest({ path: '/invocation' }), context)).body), {
        context,
        requestContext: { requestId: 'rid-1', stage: 'prod', identity: { sourceIp: '198.51.100.1' } },
        same: true
      })
    })

    it('leaves the event it is given as it is', async () => {
      const event = alb(true, { multiValueQueryStringParameters: { 'a+b': ['c%20d'] }, body: null })
      const copy = structuredClone(event)
      const handler = lambda(echo((req) => ({ url: req.url, event: req.apiGateway.event })))
      const seen = JSON.parse((await handler(event)).body)
      assert.deepEqual(event, copy)
      assert.equal(seen.url, '/?a%20b=c%20d')
      assert.deepEqual(seen.event.multiValueQueryStringParameters, { 'a b': ['c d'] })
      assert.equal(seen.event.body, '')
    })

    it('keeps the stage in a payload 2.0 path, and takes basePath off from its first occurrence', async () => {
      const event = v2({ rawPath: '/dev/api/users', requestContext: { stage: 'dev', http: { method: 'GET' } } })
      const url = async (options?: lambda.LambdaOptions): Promise<string> => JSON.parse((await lambda(echo((req) => req.url), options)(event)).body)
      assert.equal(await url(), '/dev/api/users')
      assert.equal(await url({ basePath: '/dev' }), '/api/users')
      assert.equal(await url({ basePath: '/api' }), '/users')
      assert.equal(await url({ basePath: '/dev/api/users' }), '/')
      assert.equal(await url({ basePath: '/v2' }), '/dev/api/users')
    })

    it('puts requestContext.requestId in the requestId header unless the request has one', async () => {
      const header = async (event: lambda.LambdaEvent, options?: lambda.LambdaOptions): Promise<unknown> =>
        JSON.parse((await lambda(echo((req) => req.headers), options)(event)).body)
      assert.equal((await header(v2()) as any)['x-request-id'], 'rid-2')
      assert.equal((await header(v2({ headers: { 'x-request-id': 'mine' } })) as any)['x-request-id'], 'mine')
      assert.equal((await header(v2(), { requestId: 'X-Trace' }) as any)['x-trace'], 'rid-2')
      assert.equal((await header(v2(), { requestId: false }) as any)['x-request-id'], undefined)
    })
  })

  describe('the result', () => {
    const app = express()
    app.get('/', (req, res) => {
      res.cookie('a', '1')
      res.cookie('b', '2')
      res.append('Link', '</a>')
      res.append('Link', '</b>')
      res.send('ok')
    })
    app.get('/one-cookie', (req, res) => { res.cookie('a', '1').send('ok') })
    const handler = lambda(app)

    it('payload 1.0: headers (arrays joined, but Set-Cookie) and multiValueHeaders (the arrays)', async () => {
      const result = await handler(rest())
      assert.equal(result.statusCode, 200)
      assert.equal(result.headers.link, '</a>, </b>')
      assert.equal(result.headers['set-cookie'], undefined)
      assert.deepEqual(result.multiValueHeaders, { 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'], link: ['</a>', '</b>'] })
    })

    it('payload 2.0: cookies when set as an array, else Set-Cookie in headers', async () => {
      const many = await handler(v2())
      assert.deepEqual(many.cookies, ['a=1; Path=/', 'b=2; Path=/'])
      assert.equal(many.headers['set-cookie'], undefined)
      const one = await handler(v2({ rawPath: '/one-cookie' }))
      assert.deepEqual(one.cookies, [])
      assert.equal(one.headers['set-cookie'], 'a=1; Path=/')
    })

    it('ALB: headers, or every header\'s values once with multi-value headers', async () => {
      const single = await handler(alb(false)) as { headers: Record<string, string> }
      assert.equal(single.headers.link, '</a>, </b>')
      assert.equal('multiValueHeaders' in single, false)
      const multi = await handler(alb(true)) as { multiValueHeaders: Record<string, string[]> }
      assert.deepEqual(multi.multiValueHeaders.link, ['</a>', '</b>'])
      assert.deepEqual(multi.multiValueHeaders['set-cookie'], ['a=1; Path=/', 'b=2; Path=/'])
      assert.deepEqual(multi.multiValueHeaders['content-type'], ['text/html; charset=utf-8'])
      assert.equal('headers' in multi, false)
    })

    it('gives header values as strings, those of arrays too', async () => {
      const result = await lambda((req, res) => {
        res.setHeader('X-Numbers', [1, 2] as never)
        res.setHeader('X-Number', 3)
        res.end()
      })(rest())
      assert.deepEqual(result.multiValueHeaders, { 'x-numbers': ['1', '2'] })
      assert.equal(result.headers['x-number'], '3')
    })
  })

  describe('binary responses', () => {
    const app = express()
    app.get('/png', (req, res) => { res.type('png').send(Buffer.from([0, 255])) })
    app.get('/svg', (req, res) => { res.type('image/svg+xml').send(Buffer.from([0, 255])) })
    app.get('/gzip', (req, res) => { res.set('Content-Encoding', 'gzip').type('json').send(Buffer.from([0, 255])) })

    it('by default, those with a gzip, deflate or br Content-Encoding', async () => {
      const handler = lambda(app)
      assert.deepEqual(await handler(v2({ rawPath: '/gzip' })).then((r) => [r.isBase64Encoded, r.body]), [true, 'AP8='])
      assert.deepEqual(await handler(v2({ rawPath: '/png' })).then((r) => [r.isBase64Encoded, r.body]), [false, '\u0000\ufffd'])
    })

    it('and those whose type BINARY_CONTENT_TYPES lists, read when the handler is made', async () => {
      process.env.BINARY_CONTENT_TYPES = 'image/*,application/pdf'
      let handler: lambda.LambdaHandler
      try {
        handler = lambda(app)
      } finally {
        delete process.env.BINARY_CONTENT_TYPES
      }
      assert.equal((await handler(v2({ rawPath: '/png' }))).isBase64Encoded, true)
    })

    it('as serverless-http reads BINARY_CONTENT_TYPES, * and regular expressions alike', async () => {
      const types = 'image/*,application/(pdf|zip),text/plain'
      const theirs = serverlessWith(types)(app)
      process.env.BINARY_CONTENT_TYPES = types
      let ours: lambda.LambdaHandler
      try {
        ours = lambda(app)
      } finally {
        delete process.env.BINARY_CONTENT_TYPES
      }
      const flags: boolean[] = []
      for (const event of [v2({ rawPath: '/png' }), v2({ rawPath: '/svg' }), v2({ rawPath: '/gzip' }), rest({ path: '/png' }), alb(true, { path: '/svg' })]) {
        const result = await ours(event)
        assert.deepEqual(result, await theirs(structuredClone(event), {}))
        flags.push(result.isBase64Encoded)
      }
      assert.deepEqual(flags, [true, true, true, true, true])
    })

    it('as the binary option says: all, none, types with * for any characters, or a function of the headers', async () => {
      const flag = async (binary: lambda.BinaryOption, path: string): Promise<boolean> => (await lambda(app, { binary })(v2({ rawPath: path }))).isBase64Encoded
      assert.equal(await flag(true, '/png'), true)
      assert.equal(await flag(false, '/gzip'), false)
      assert.equal(await flag('image/*', '/png'), true)
      assert.equal(await flag(['image/png'], '/png'), true)
      assert.equal(await flag(['text/*'], '/png'), false)
      assert.equal(await flag(['text/*'], '/gzip'), true)
      assert.equal(await flag((headers) => headers['content-type'] === 'image/png', '/png'), true)
      // Each type is a regular expression but for `*`, as serverless-http reads it: `+` repeats.
      assert.equal(await flag('image/svg+xml', '/svg'), false)
      assert.equal(await flag('image/svg\\+xml', '/svg'), true)
    })
  })

  describe('transforms', () => {
    const app = (req: IncomingMessage, res: ServerResponse): void => {
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({ url: req.url, user: (req as any).user ?? null }))
    }

    it('request: an object assigned, or a function awaited with (req, event, context) before the app runs', async () => {
      const byObject = await lambda(app, { request: { user: 'tobi' } })(v2())
      assert.deepEqual(JSON.parse(byObject.body), { url: '/', user: 'tobi' })
      const seen: unknown[] = []
      const byFunction = await lambda(app, {
        request: async (req, event, context) => {
          await new Promise((resolve) => setImmediate(resolve))
          seen.push((event as lambda.ApiGatewayProxyEventV2).rawPath, context.functionName, req.ip)
          ;(req as any).user = 'loki'
        }
      })(v2(), { functionName: 'fn' })
      assert.deepEqual(JSON.parse(byFunction.body), { url: '/', user: 'loki' })
      assert.deepEqual(seen, ['/', 'fn', '203.0.113.7'])
    })

    it('response: an object assigned, or a function awaited with (res, event, context) once it has finished', async () => {
      assert.equal((await lambda(app, { response: { statusCode: 203 } })(v2())).statusCode, 203)
      const result = await lambda(app, {
        response: async (res) => {
          assert.equal(res.writableFinished, true)
          res.statusCode = 299
        }
      })(v2())
      assert.equal(result.statusCode, 299)
    })

    it('a transform that throws or rejects rejects the handler, and the app does not run', async () => {
      let ran = false
      const listener = (req: IncomingMessage, res: ServerResponse): void => { ran = true; res.end() }
      await assert.rejects(lambda(listener, { request: () => { throw new Error('sync') } })(v2()), /^Error: sync$/)
      await assert.rejects(lambda(listener, { request: async () => { throw new Error('async') } })(v2()), /^Error: async$/)
      assert.equal(ran, false)
      await assert.rejects(lambda(listener, { response: async () => { throw new Error('after') } })(v2()), /^Error: after$/)
    })
  })

  describe('errors', () => {
    it('a listener that throws rejects the handler with its error; an app answers its own', async () => {
      await assert.rejects(lambda(() => { throw new Error('outside the app') })(v2()), /^Error: outside the app$/)
      const app = express()
      app.get('/', () => { throw new Error('inside') })
      const result = await lambda(app)(v2())
      assert.equal(result.statusCode, 500)
    })

    it('an event it cannot read rejects with a TypeError', async () => {
      const handler = lambda(express())
      await assert.rejects(handler('event' as never), /^TypeError: A Lambda event is an object, got string$/)
      await assert.rejects(handler(rest({ body: 42 })), /^TypeError: Unexpected event\.body type: number$/)
      await assert.rejects(handler(rest({ httpMethod: 'BREW' })), TypeError)
    })

    it('reads a missing event as GET /, and a payload 2.0 event without requestContext.http as a GET', async () => {
      const handler = lambda(echo((req) => [req.method, req.url]))
      assert.deepEqual(JSON.parse((await handler(undefined as never)).body), ['GET', '/'])
      assert.deepEqual(JSON.parse((await handler({ version: '2.0', rawPath: '/x' })).body), ['GET', '/x'])
    })
  })
})
