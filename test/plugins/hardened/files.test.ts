import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import request from 'supertest'
import type { Framework } from '../../../kernel'
import { hardened, plain, makeTree, get } from './support'

// The file protections of the hardened plugin, each on (its default) and off (its option), and
// the default preset, which keeps Express 4's behaviour.

/* eslint-disable @typescript-eslint/no-explicit-any -- handlers of frameworks built in the test */

let tree: ReturnType<typeof makeTree>
before(() => { tree = makeTree() })
after(() => { tree.remove() })

/** An app serving the tree the ways apps do: static, sendFile with root, download with and without root. */
function app (framework: Framework): any {
  const a: any = framework()
  a.set('env', 'test')
  a.use('/static', framework.static(tree.pub))
  a.get('/dl/*', (req: any, res: any) => { res.download(tree.pub + '/' + req.params[0]) })
  a.get('/dl-cb/*', (req: any, res: any, next: any) => { res.download(tree.pub + '/' + req.params[0], (err: any) => { if (err) next(err) }) })
  a.get('/dl-root/*', (req: any, res: any) => { res.download(req.params[0], { root: tree.pub }) })
  a.get('/send/*', (req: any, res: any) => { res.sendFile(req.params[0], { root: tree.pub }) })
  a.get('/send-cb/*', (req: any, res: any, next: any) => { res.sendFile(tree.pub + '/' + req.params[0], (err: any) => { if (err) next(err) }) })
  a.get('/dl-relative', (req: any, res: any) => { res.download(path.relative(process.cwd(), tree.pub) + '/../secret.txt') })
  return a
}

/** `..` spellings that reach `secret.txt` from `public/` once decoded and resolved. */
const TRAVERSALS = ['%2e%2e/secret.txt', '..%2fsecret.txt', '.%2e/secret.txt', '%2e./secret.txt', '%2e%2e%2fsecret.txt',
  'sub/../../secret.txt', 'sub/%2e%2e/%2e%2e/secret.txt', 'sub%2f..%2f..%2fsecret.txt', './../secret.txt']

describe('hardened: downloads without a root', () => {
  it('refuses every `..` spelling with 403 when on', async () => {
    const on = app(hardened())
    for (const spelling of TRAVERSALS) await request(on).get('/dl/' + spelling).expect(403)
    await request(on).get('/dl-relative').expect(403)
  })

  it('still serves paths without `..`, relative paths included', async () => {
    const on = app(hardened())
    await request(on).get('/dl/a.txt').expect(200, 'public a').expect('Content-Disposition', 'attachment; filename="a.txt"')
  })

  it('follows `..` when off, as the default preset and Express 4 do', async () => {
    for (const framework of [hardened({ confineDownloads: false }), plain]) {
      const off = app(framework)
      for (const spelling of TRAVERSALS) assert.deepEqual(await get(off, '/dl/' + spelling), { status: 200, text: 'secret' }, spelling)
      await request(off).get('/dl-relative').expect(200)
    }
  })

  it('refuses `..` with a root in every framework', async () => {
    for (const framework of [hardened(), plain]) await request(app(framework)).get('/dl-root/%2e%2e/secret.txt').expect(403)
  })
})

describe('hardened: symbolic links leaving the root', () => {
  const LEAVING = ['/static/out.txt', '/static/outdir/secret.txt', '/send/out.txt', '/send/outdir/secret.txt', '/dl-root/out.txt', '/dl-root/outdir/secret.txt']

  it('are refused when on (static falls through to 404, the helpers answer 403)', async () => {
    const on = app(hardened())
    for (const url of LEAVING) {
      const res = await request(on).get(url)
      assert.equal(res.status, url.startsWith('/static/') ? 404 : 403, url)
    }
  })

  it('are followed with `symlinks: "follow"` and in the default preset', async () => {
    for (const framework of [hardened({ symlinks: 'follow' }), plain]) {
      const off = app(framework)
      for (const url of LEAVING) assert.deepEqual(await get(off, url), { status: 200, text: 'secret' }, url)
    }
  })

  it('links that stay inside the root are served', async () => {
    const on = app(hardened())
    await request(on).get('/static/inner.txt').expect(200, 'public a')
    await request(on).get('/send/inner.txt').expect(200, 'public a')
  })

  it('a transfer\'s own `symlinks` option wins over the framework\'s', async () => {
    const a: any = hardened()()
    a.get('/x', (req: any, res: any) => { res.sendFile('out.txt', { root: tree.pub, symlinks: 'follow' }) })
    await request(a).get('/x').expect(200, 'secret')
    const b: any = plain()
    b.set('env', 'test')
    b.get('/x', (req: any, res: any) => { res.sendFile('out.txt', { root: tree.pub, symlinks: 'inside-root' }) })
    await request(b).get('/x').expect(403)
    assert.throws(() => plain.static(tree.pub, { symlinks: 'never' }), /symlinks option must be "follow" or "inside-root"/)
  })
})

describe('hardened: dot folders', () => {
  it('are dotfiles anywhere in the path when on', async () => {
    const on = app(hardened())
    await request(on).get('/static/.git/config').expect(404)
    await request(on).get('/send/.git/config').expect(404)
    await request(on).get('/dl/.git/config').expect(404)
  })

  it('are served when off, as in the default preset (a final dot segment stays hidden)', async () => {
    for (const framework of [hardened({ dotDirectories: false }), plain]) {
      const off = app(framework)
      assert.deepEqual(await get(off, '/static/.git/config'), { status: 200, text: 'git config' })
      assert.deepEqual(await get(off, '/send/.git/config'), { status: 200, text: 'git config' })
      await request(off).get('/static/.git').expect(404)
    }
  })

  it('an explicit `dotfiles` option wins', async () => {
    const framework = hardened()
    const a: any = framework()
    a.use(framework.static(tree.pub, { dotfiles: 'allow' }))
    await request(a).get('/.well-known/x.txt').expect(200, 'well known')
    const b: any = framework()
    b.set('env', 'test')
    b.use(framework.static(tree.pub, { dotfiles: 'deny', fallthrough: false }))
    await request(b).get('/.git/config').expect(403)
  })
})

describe('hardened: folders given to res.sendFile and res.download', () => {
  it('are a 404 through the callback\'s next(err) when on', async () => {
    const on = app(hardened())
    await request(on).get('/dl-cb/sub').expect(404)
    await request(on).get('/send-cb/sub').expect(404)
  })

  it('are a 500 through next(err) when off, as in Express 4', async () => {
    for (const framework of [hardened({ directoryNotFound: false }), plain]) {
      const off = app(framework)
      await request(off).get('/dl-cb/sub').expect(500)
      await request(off).get('/send-cb/sub').expect(500)
    }
  })

  it('without a callback, fall through to the next handler in both', async () => {
    for (const framework of [hardened(), plain]) {
      const a: any = framework()
      a.get('/d', (req: any, res: any) => { res.download(path.join(tree.pub, 'sub')) })
      a.get('/d', (req: any, res: any) => { res.send('next') })
      await request(a).get('/d').expect(200, 'next')
    }
  })
})
