import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/lambda'
import { handler } from '../../examples/lambda/handler'
import type lambda from '../../plugins/lambda'

/** An HTTP API (payload 2.0) event as API Gateway sends it, for `method path?query`, with `over` on top. */
function httpApiEvent (method: string, target: string, over: Partial<lambda.ApiGatewayProxyEventV2> = {}): lambda.ApiGatewayProxyEventV2 {
  const [rawPath, rawQueryString = ''] = target.split('?')
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    headers: {
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
      'content-length': '0',
      host: 'r3pmxmplak.execute-api.us-east-2.amazonaws.com',
      'user-agent': 'curl/8.5.0',
      'x-amzn-trace-id': 'Root=1-5e6722a7-cc56xmpl46db7ae02d4da47e',
      'x-forwarded-for': '205.255.255.176',
      'x-forwarded-port': '443',
      'x-forwarded-proto': 'https'
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'r3pmxmplak',
      domainName: 'r3pmxmplak.execute-api.us-east-2.amazonaws.com',
      domainPrefix: 'r3pmxmplak',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '205.255.255.176', userAgent: 'curl/8.5.0' },
      requestId: 'JKJaXmPLvHcESHA=',
      routeKey: '$default',
      stage: '$default',
      time: '10/Mar/2020:05:16:23 +0000',
      timeEpoch: 1583817383220
    },
    isBase64Encoded: false,
    ...over
  }
}

describe('examples/lambda', () => {
  it('GET /notes: the notes as JSON', async () => {
    const result = await handler(httpApiEvent('GET', '/notes'))
    assert.equal(result.statusCode, 200)
    assert.equal(result.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(result.isBase64Encoded, false)
    assert.deepEqual(JSON.parse(result.body), [
      { id: 1, text: 'Deployed with ristretto/lambda' },
      { id: 2, text: 'Same app, same answers, no server' }
    ])
  })

  it('GET /notes/9: a 404 as JSON', async () => {
    const result = await handler(httpApiEvent('GET', '/notes/9'))
    assert.deepEqual([result.statusCode, JSON.parse(result.body)], [404, { error: 'no note 9' }])
  })

  it('POST /notes: a JSON body, base64-encoded by API Gateway or not', async () => {
    const json = JSON.stringify({ text: 'from Lambda' })
    for (const [body, isBase64Encoded] of [[json, false], [Buffer.from(json).toString('base64'), true]] as const) {
      const result = await handler(httpApiEvent('POST', '/notes', {
        headers: { 'content-type': 'application/json', host: 'r3pmxmplak.execute-api.us-east-2.amazonaws.com' },
        body,
        isBase64Encoded
      }))
      assert.deepEqual([result.statusCode, JSON.parse(result.body)], [201, { id: 3, text: 'from Lambda' }])
    }
    const refused = await handler(httpApiEvent('POST', '/notes', { headers: { 'content-type': 'application/json' }, body: '{}' }))
    assert.equal(refused.statusCode, 422)
  })

  it('GET /whoami: the source IP as req.ip, the request ID and stage from req.apiGateway', async () => {
    const result = await handler(httpApiEvent('GET', '/whoami'))
    assert.deepEqual(JSON.parse(result.body), { ip: '205.255.255.176', requestId: 'JKJaXmPLvHcESHA=', stage: '$default' })
  })

  it('POST /session: the cookies in the result\'s cookies', async () => {
    const result = await handler(httpApiEvent('POST', '/session'))
    assert.deepEqual(result.cookies, ['session=abc123; Path=/; HttpOnly; Secure', 'theme=dark; Path=/'])
    assert.equal(result.headers['set-cookie'], undefined)
  })

  it('GET /pixel.png: base64-encoded, as the binary option says', async () => {
    const result = await handler(httpApiEvent('GET', '/pixel.png'))
    assert.equal(result.isBase64Encoded, true)
    assert.equal(result.headers['content-type'], 'image/png')
    assert.equal(Buffer.from(result.body, 'base64').subarray(1, 4).toString(), 'PNG')
  })

  it('the same app serves over HTTP', async () => {
    await request(app).get('/notes/1').expect(200, { id: 1, text: 'Deployed with ristretto/lambda' })
    const res = await request(app).get('/whoami').expect(200)
    assert.deepEqual({ ...res.body, ip: typeof res.body.ip }, { ip: 'string', requestId: null, stage: null })
  })
})
