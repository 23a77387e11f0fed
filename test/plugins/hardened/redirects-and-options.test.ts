import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import request from 'supertest'
import fc from 'fast-check'
import modern from '../../../presets/modern'
import { hardened, plain, makeTree } from './support'
import { hardenedPlugin, resolveHardenedOptions, DEFAULT_BODY_IDLE_TIMEOUT } from '../../../plugins/hardened'

// Backslashes in Location (res.location / res.redirect under the plugin; the static folder
// redirect everywhere), the plugin's options, and its place in the modern preset.

/* eslint-disable @typescript-eslint/no-explicit-any -- handlers of frameworks built in the test */

let tree: ReturnType<typeof makeTree>
before(() => {
  tree = makeTree()
  fs.mkdirSync(path.join(tree.pub, '\\evil.example'))
  fs.mkdirSync(path.join(tree.pub, 'dir'))
})
after(() => { tree.remove() })

/** The status and Location of GET `rawPath` (sent as written: no URL parser turns `\\` into `/`). */
async function locationOf (a: any, rawPath: string): Promise<[number | undefined, string | undefined]> {
  const server = a.listen(0, '127.0.0.1')
  await once(server, 'listening')
  try {
    const req = http.get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: rawPath })
    const [res] = await once(req, 'response') as [http.IncomingMessage]
    res.resume()
    return [res.statusCode, res.headers.location]
  } finally {
    server.close()
  }
}

describe('hardened: backslashes in redirects', () => {
  const TARGETS: Array<[string, string]> = [['/\\evil.example', '/%5Cevil.example'], ['\\\\evil.example/x', '%5C%5Cevil.example/x'], ['/a%5Cb', '/a%5Cb']]

  it('res.redirect and res.location encode them when on', async () => {
    const a: any = hardened()()
    a.get('/r', (req: any, res: any) => { res.redirect(String(req.query.to)) })
    a.get('/l', (req: any, res: any) => { res.location(String(req.query.to)).end() })
    for (const [to, location] of TARGETS) {
      await request(a).get('/r').query({ to }).expect(302).expect('Location', location)
      await request(a).get('/l').query({ to }).expect('Location', location)
    }
  })

  it('are kept in an absolute or protocol-relative target\'s scheme and host, which stay where Express sends them', async () => {
    const a: any = hardened()()
    a.get('/l', (req: any, res: any) => { res.location(String(req.query.to)).end() })
    const CASES: Array<[string, string]> = [
      ['http://google.com\\@apple.com', 'http://google.com\\@apple.com'],
      ['HTTPS://good.example\\evil.example', 'HTTPS://good.example\\evil.example'],
      ['http://good.example/a\\b', 'http://good.example/a%5Cb'],
      ['http://good.example\\/a\\b', 'http://good.example\\/a%5Cb'],
      ['//good.example\\@evil.example', '//good.example\\@evil.example'],
      ['//\\a.example\\@b.example', '//\\a.example\\@b.example'],
      ['https:/\\/a.example\\@b.example/c\\d', 'https:/\\/a.example\\@b.example/c%5Cd'],
      ['//good.example/a\\b?c\\d', '//good.example/a%5Cb?c%5Cd'],
      ['/\\\\evil.example', '/%5C%5Cevil.example'],
      ['https:b.example\\@a.example', 'https:b.example\\@a.example'],
      ['http:\\\\a.example/b\\c', 'http:\\\\a.example/b%5Cc'],
      ['a\\b', 'a%5Cb']
    ]
    for (const [to, location] of CASES) {
      await request(a).get('/l').query({ to }).expect('Location', location)
    }
  })

  it('never send a client to another host than Express would, and keep relative targets on the app\'s host', async () => {
    const express = (await import('express')).default
    const ours: any = hardened()()
    const theirs = express()
    for (const app of [ours, theirs]) app.get('/l', (req: any, res: any) => { res.location(String(req.query.to)).end() })
    /** The host a browser goes to for a Location, from a page of app.example; undefined for one it cannot follow. */
    const hostOf = (location: string): string | undefined => URL.canParse(location, 'http://app.example/p/') ? new URL(location, 'http://app.example/p/').host : undefined
    const piece = fc.constantFrom('\\', '/', '//', '@', '?', '#', ':', '.', 'a.example', 'b.example', '%5C', ' ', '\\@')
    const target = fc.tuple(fc.constantFrom('', 'http:', 'https:', 'HTTP:', 'x-y+z:'), fc.constantFrom('', '/', '//', '\\', '/\\', '\\\\'), fc.array(piece, { maxLength: 6 }))
      .map(([scheme, start, rest]) => scheme + start + rest.join(''))
    await fc.assert(fc.asyncProperty(target, async (to) => {
      const [mine, real] = await Promise.all([ours, theirs].map(async (app) => (await request(app).get('/l').query({ to })).headers.location as string))
      const expressHost = hostOf(real)
      if (expressHost === undefined) return // Not a URL a browser follows, from Express either.
      const message = `${to}: Express sends ${real}, the plugin ${mine}`
      if (!/^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|\/\/)/.test(to)) {
        // A relative target: the app's own host, wherever backslashes would take it in Express.
        assert.equal(hostOf(mine), 'app.example', message)
      } else {
        // A scheme or `//`: the host Express sends the client to.
        assert.equal(hostOf(mine), expressHost, message)
      }
    }), { numRuns: 1000 })
  })

  it('are kept when off, as in Express 4', async () => {
    for (const framework of [hardened({ encodeBackslashes: false }), plain]) {
      const a: any = framework()
      a.get('/r', (req: any, res: any) => { res.redirect(String(req.query.to)) })
      await request(a).get('/r').query({ to: '/\\evil.example' }).expect(302).expect('Location', '/\\evil.example')
    }
  })

  it('the static folder redirect encodes them in every preset (a raw backslash is not a valid request target)', async () => {
    for (const framework of [hardened(), plain]) {
      const a: any = framework()
      a.use(framework.static(tree.pub, { dotfiles: 'allow' }))
      assert.deepEqual(await locationOf(a, '/\\evil.example/%2e%2e%2fdir'), [301, '/%5Cevil.example/%2e%2e%2fdir/'])
      assert.deepEqual(await locationOf(a, '/\\evil.example'), [301, '/%5Cevil.example/'])
      assert.deepEqual(await locationOf(a, '/dir'), [301, '/dir/'])
    }
  })
})

describe('hardened: options', () => {
  it('turns everything on by default', () => {
    assert.deepEqual(resolveHardenedOptions(), {
      confineDownloads: true, dotDirectories: true, dropPrototypeKeys: true, encodeBackslashes: true,
      directoryNotFound: true, checkLinks: true, isolateRenderLocals: true, hideErrorStacks: true, symlinks: 'inside-root',
      bodyIdleTimeout: DEFAULT_BODY_IDLE_TIMEOUT
    })
    assert.equal(resolveHardenedOptions({ bodyIdleTimeout: false }).bodyIdleTimeout, 0)
  })

  it('refuses values of the wrong type when the plugin is made', () => {
    const options = { code: 'RST_PLUGIN_OPTIONS' }
    assert.throws(() => hardenedPlugin({ symlinks: 'never' as 'follow' }), { ...options, message: /`symlinks` must be 'inside-root' or 'follow'/ })
    assert.throws(() => hardenedPlugin({ bodyIdleTimeout: -1 }), /bodyIdleTimeout/)
    assert.throws(() => hardenedPlugin({ bodyIdleTimeout: Infinity }), /bodyIdleTimeout/)
    assert.throws(() => hardenedPlugin({ bodyIdleTimeout: '5s' as unknown as number }), { ...options, message: /`bodyIdleTimeout` must be a number or false/ })
    assert.throws(() => hardenedPlugin({ confineDownloads: 'yes' as unknown as boolean }), { ...options, message: /`confineDownloads` must be a boolean/ })
  })

  it('changes only the framework it is part of', async () => {
    const on = hardened()
    const a: any = plain()
    a.get('/r', (req: any, res: any) => { res.redirect('/\\x') })
    await request(a).get('/r').expect('Location', '/\\x')
    const b: any = on()
    b.get('/r', (req: any, res: any) => { res.redirect('/\\x') })
    await request(b).get('/r').expect('Location', '/%5Cx')
  })

  it('is part of the modern preset, on', async () => {
    assert.ok(modern.plugins.some((p) => p.name === 'hardened'))
    const a: any = modern()
    a.use('/static', modern.static(tree.pub))
    await request(a).get('/static/.git/config').expect(404)
    await request(a).get('/static/out.txt').expect(404)
  })
})
