// helmet, then vhost handing one host to an app made by the real express@4 package (a legacy app
// kept as it is), in an outer app of the default preset and, with the same expectations, of
// express@4: the legacy app's replies carry every helmet header of the outer app and its own
// X-Powered-By; its 404s fall through to the outer final handler with helmet's headers kept.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import etag from 'etag'
import helmet from 'helmet'
import vhost from 'vhost'
import { FRAMEWORKS, realExpress4, type AnyFramework } from './support/frameworks'

/** Every header helmet() sets with its defaults (the CSP of a page; error pages get their own). */
const HELMET = {
  'content-security-policy': "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
    "frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0'
}

function hostedApp (express: AnyFramework) {
  const legacy = realExpress4()
  legacy.get('/', (req, res) => { res.send('legacy home') })
  legacy.get('/json', (req, res) => { res.json({ legacy: true }) })
  const app = express()
  app.use(helmet())
  app.use(vhost('legacy.local', legacy as unknown as Parameters<typeof vhost>[1]))
  app.get('/', (req: any, res: any) => { res.send('outer home') })
  return app
}

/** The reply's headers without those of the connection and the clock. */
function headersOf (r: request.Response): Record<string, unknown> {
  const { date, connection, 'keep-alive': keepAlive, ...rest } = r.headers
  return rest
}

for (const [frameworkName, express] of FRAMEWORKS) {
  describe(`helmet and vhost to an express@4 app, in an outer app of ${frameworkName}`, () => {
    it('the legacy app\'s page carries every helmet header and X-Powered-By', async () => {
      const r = await request(hostedApp(express)).get('/').set('Host', 'legacy.local').expect(200, 'legacy home')
      assert.deepEqual(headersOf(r), {
        ...HELMET,
        'x-powered-by': 'Express',
        'content-type': 'text/html; charset=utf-8',
        'content-length': '11',
        etag: etag('legacy home', { weak: true })
      })
    })

    it('the legacy app\'s JSON carries them too', async () => {
      const r = await request(hostedApp(express)).get('/json').set('Host', 'legacy.local').expect(200, { legacy: true })
      assert.deepEqual(headersOf(r), {
        ...HELMET,
        'x-powered-by': 'Express',
        'content-type': 'application/json; charset=utf-8',
        'content-length': '15',
        etag: etag('{"legacy":true}', { weak: true })
      })
    })

    it('a path the legacy app lacks falls through to the outer final handler, helmet headers kept', async () => {
      const r = await request(hostedApp(express)).get('/missing').set('Host', 'legacy.local').expect(404)
      assert.equal(r.text, '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n' +
        '</head>\n<body>\n<pre>Cannot GET /missing</pre>\n</body>\n</html>\n')
      assert.deepEqual(headersOf(r), {
        ...HELMET,
        'content-security-policy': "default-src 'none'",
        'x-powered-by': 'Express',
        'content-type': 'text/html; charset=utf-8',
        'content-length': '146'
      })
    })

    it('other hosts get the outer app, without X-Powered-By (removed by helmet)', async () => {
      const r = await request(hostedApp(express)).get('/').set('Host', 'www.local').expect(200, 'outer home')
      assert.deepEqual(headersOf(r), {
        ...HELMET,
        'content-type': 'text/html; charset=utf-8',
        'content-length': '10',
        etag: etag('outer home', { weak: true })
      })
    })
  })
}
