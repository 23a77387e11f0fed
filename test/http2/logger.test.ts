import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../presets/default'
import logger from '../../plugins/logger'
import { captureLines } from '../plugins/logger/support'
import { TRANSPORTS, startTransport, type Transport } from './support'

process.on('deprecation', () => {})

for (const { name, skip } of TRANSPORTS) {
  describe(`logger over ${name}`, { skip }, () => {
    const out = captureLines()
    let t: Transport
    before(async () => {
      const app = framework()
      app.use(logger(':remote-addr :method :url HTTP/:http-version :status :res[content-length] :response-time ms', { stream: out.stream }))
      app.use('/json', logger('json', { stream: out.stream }))
      app.head('/late-head', (req, res) => { setTimeout(() => res.send('logged'), 30) })
      app.get('*', (req, res) => { res.send('logged') })
      t = await startTransport(name, app)
    })
    after(() => t.close())

    it('logs the HTTP version, client, status and length', async () => {
      const r = await t.request('/path?q=1')
      assert.equal(r.text, 'logged')
      const line = await out.nextLine()
      const version = name.startsWith('HTTP/1.1') ? '1.1' : '2.0'
      assert.match(line, new RegExp(`^(::ffff:)?127\\.0\\.0\\.1 GET /path\\?q=1 HTTP/${version.replace('.', '\\.')} 200 6 \\d+\\.\\d{3} ms$`))
    })

    it('logs a HEAD request once its response is sent (HTTP/2 ends a HEAD stream\'s writable side at once)', async () => {
      const r = await t.request('/late-head', { method: 'HEAD' })
      assert.equal(r.status, 200)
      const line = await out.nextLine()
      assert.match(line, / HEAD \/late-head HTTP\/\d\.\d 200 6 \d+\.\d{3} ms$/)
      const ms = Number(/(\d+\.\d{3}) ms$/.exec(line)![1])
      assert.ok(ms >= 20, `response time ${ms} ms covers the handler's delay`)
    })

    it("logs JSON lines with logger('json')", async () => {
      await t.request('/json/x', { headers: { 'user-agent': 'h2-client' } })
      await out.nextLine()
      const record = JSON.parse(await out.nextLine())
      assert.equal(record['http-version'], name.startsWith('HTTP/1.1') ? '1.1' : '2.0')
      assert.equal(record.status, 200)
      assert.equal(record['content-length'], 6)
      assert.equal(record.url, '/json/x')
      assert.equal(record['user-agent'], 'h2-client')
      assert.match(record['remote-addr'], /127\.0\.0\.1$/)
    })
  })
}
