import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import minimal from '../../../presets/minimal'

/** GET over a TCP port or a unix socket; resolves with the body. */
function get (target: { port: number } | { socketPath: string }, urlPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get({ ...target, host: '127.0.0.1', path: urlPath, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => { body += c })
      res.on('end', () => resolve(body))
    }).on('error', reject)
  })
}

function close (server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

describe('app.listen([port[, host[, backlog]]][, callback])', () => {
  it('returns an http.Server serving the app, and calls back once listening', async () => {
    const app = minimal()
    app.get('/', (req, res) => { res.end('listening') })
    let server!: http.Server
    await new Promise<void>((resolve) => { server = app.listen(0, () => resolve()) })
    try {
      assert.ok(server instanceof http.Server)
      assert.equal(server.listening, true)
      const { port } = server.address() as AddressInfo
      assert.ok(port > 0, 'port 0 picks a free port')
      assert.equal(await get({ port }, '/'), 'listening')
    } finally {
      await close(server)
    }
  })

  it('passes host and backlog through to server.listen', async () => {
    const app = minimal()
    app.get('/', (req, res) => { res.end('host') })
    let server!: http.Server
    await new Promise<void>((resolve) => { server = app.listen(0, '127.0.0.1', 511, () => resolve()) })
    try {
      const address = server.address() as AddressInfo
      assert.equal(address.address, '127.0.0.1')
      assert.equal(await get({ port: address.port }, '/'), 'host')
    } finally {
      await close(server)
    }
  })

  it('listens on a unix socket given a path', { skip: process.platform === 'win32' }, async () => {
    const app = minimal()
    app.get('/sock', (req, res) => { res.end('over a socket') })
    const socketPath = path.join(os.tmpdir(), `ristretto-listen-${process.pid}-${Date.now()}.sock`)
    let server!: http.Server
    await new Promise<void>((resolve) => { server = app.listen(socketPath, () => resolve()) })
    try {
      assert.equal(server.address(), socketPath)
      assert.equal(await get({ socketPath }, '/sock'), 'over a socket')
    } finally {
      await close(server)
      fs.rmSync(socketPath, { force: true })
    }
  })
})
