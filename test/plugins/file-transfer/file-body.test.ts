import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import framework from '../../../presets/default'

// The body of a file is read into buffers that are reused once node has written them: these tests
// use random bytes (a reused buffer would show another chunk's bytes) and files of many chunks.
const CHUNK = 64 * 1024

let dir: string
const files: Record<string, Buffer> = {}

function fileOf (name: string): string {
  return path.join(dir, name)
}

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-body-'))
  for (const [name, size] of [['big.bin', 1024 * 1024 + 17], ['mid.bin', 5 * CHUNK - 3], ['one.bin', CHUNK], ['small.bin', 10 * 1024]] as const) {
    files[name] = crypto.randomBytes(size)
    fs.writeFileSync(fileOf(name), files[name])
  }
})

after(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Reads a response body as bytes. */
function binary (res: any, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = []
  res.on('data', (chunk: Buffer) => { chunks.push(chunk) })
  res.on('end', () => cb(null, Buffer.concat(chunks)))
}

function staticApp () {
  const app = framework()
  app.use(framework.static(dir))
  return app
}

/** GETs `urlPath` with a client that pauses after every chunk (the server meets back-pressure). */
function slowGet (server: http.Server, urlPath: string): Promise<Buffer> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: urlPath }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        res.pause()
        setTimeout(() => res.resume(), 1)
      })
      res.on('end', () => resolve(Buffer.concat(chunks)))
      res.on('error', reject)
    }).on('error', reject)
  })
}

describe('file bodies', () => {
  it('sends every byte of files of one, several and many chunks', async () => {
    const app = staticApp()
    for (const name of Object.keys(files)) {
      const r = await request(app).get('/' + name).buffer(true).parse(binary).expect(200)
      assert.ok(files[name].equals(r.body), name)
    }
  })

  it('sends ranges that start, end or run across chunk boundaries', async () => {
    const app = staticApp()
    const big = files['big.bin']
    for (const [start, end] of [[0, 0], [CHUNK - 5, CHUNK + 5], [CHUNK, 3 * CHUNK - 1], [100, big.length - 1], [big.length - 1, big.length - 1]]) {
      const r = await request(app).get('/big.bin').set('Range', `bytes=${start}-${end}`).buffer(true).parse(binary).expect(206)
      assert.ok(big.subarray(start, end + 1).equals(r.body), `${start}-${end}`)
    }
  })

  it('reads chunks of the highWaterMark given, the last one shorter', async () => {
    const sizes: number[] = []
    const app = framework()
    app.use((req, res, next) => {
      const write = res.write
      res.write = function (this: any, chunk: any, ...rest: any[]) {
        sizes.push(chunk.length)
        return (write as (...args: any[]) => boolean).call(this, chunk, ...rest)
      } as typeof res.write
      next()
    })
    app.use((req, res) => { res.sendFile(fileOf('mid.bin'), { highWaterMark: 100000 }) })
    const r = await request(app).get('/').buffer(true).parse(binary).expect(200)
    assert.ok(files['mid.bin'].equals(r.body))
    const size = files['mid.bin'].length
    assert.deepEqual(sizes, [100000, 100000, 100000, size - 300000])
  })

  it('gives a middleware that keeps the written chunks bytes no later chunk overwrites', async () => {
    const kept: Buffer[] = []
    let ended = false
    const app = framework()
    app.use((req, res, next) => {
      const write = res.write
      res.write = function (this: any, chunk: any, ...rest: any[]) {
        kept.push(chunk)
        return (write as (...args: any[]) => boolean).call(this, chunk, ...rest)
      } as typeof res.write
      res.on('finish', () => { ended = true })
      next()
    })
    app.use(framework.static(dir))
    const r = await request(app).get('/big.bin').buffer(true).parse(binary).expect(200)
    assert.ok(files['big.bin'].equals(r.body))
    assert.ok(ended)
    // Later transfers take buffers from the pool: the kept chunks must not be among them.
    await Promise.all(Array.from({ length: 4 }, () => request(staticApp()).get('/mid.bin').expect(200)))
    assert.equal(kept.length, Math.ceil(files['big.bin'].length / CHUNK))
    assert.ok(files['big.bin'].equals(Buffer.concat(kept)))
  })

  it('gives concurrent transfers of different files their own bytes', async () => {
    const app = staticApp()
    const names = ['big.bin', 'mid.bin', 'one.bin', 'small.bin']
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => {
      const name = names[i % names.length]
      return request(app).get('/' + name).buffer(true).parse(binary).expect(200).then((r) => [name, r.body as Buffer] as const)
    }))
    for (const [name, body] of results) assert.ok(files[name].equals(body), name)
  })

  it('waits for a slow client and sends it the whole file', async () => {
    const app = staticApp()
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const [a, b] = await Promise.all([slowGet(server, '/big.bin'), slowGet(server, '/mid.bin')])
      assert.ok(files['big.bin'].equals(a))
      assert.ok(files['mid.bin'].equals(b))
    } finally {
      server.close()
    }
  })
})
