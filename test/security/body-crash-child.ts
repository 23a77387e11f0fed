// A process of its own for the body-parser crash advisory (GHSA-27r3-jxmh-p828): a JSON parser
// with `verify`, given a gzip body with an unsupported UTF charset whose compressed data is
// corrupt. Prints `answer <status>` for the answer, then `alive` if the process is still up a
// moment later; a crash ends it with the decoder's unhandled error instead.
// Usage: node -r test/support/register-ts.cjs body-crash-child.ts <module> <framework|body-parser>
//   framework:   <module> is a framework (Express or a preset): its app and its `json`.
//   body-parser: <module> is body-parser: its `json`, on an app of the project's express.
import http from 'node:http'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'

/* eslint-disable @typescript-eslint/no-explicit-any -- modules loaded by path */

const [modulePath, kind] = process.argv.slice(2)
const loaded = require(modulePath)
const mod = loaded.default ?? loaded
const framework = kind === 'framework' ? mod : require('express')
const app = framework()
app.use(mod.json({ verify () {} }))
app.post('/', (req: any, res: any) => { res.end('parsed') })
app.use((err: any, req: any, res: any, next: any) => { res.statusCode = err.status ?? 500; res.end(String(err.type)) })

const server = http.createServer(app).listen(0, '127.0.0.1', () => {
  // A gzip header, then bytes that are no deflate stream: inflating them fails.
  const body = Buffer.concat([zlib.gzipSync('{"a":1}').subarray(0, 12), Buffer.from('these bytes are not deflate data')])
  const req = http.request({
    port: (server.address() as AddressInfo).port,
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-unknown', 'Content-Encoding': 'gzip', 'Content-Length': body.length, Connection: 'close' }
  }, (res) => {
    res.resume()
    res.on('end', () => {
      process.stdout.write(`answer ${res.statusCode}\n`)
      setTimeout(() => { process.stdout.write('alive\n'); process.exit(0) }, 300)
    })
  })
  req.on('error', () => { process.stdout.write('request failed\n') })
  req.end(body)
})
