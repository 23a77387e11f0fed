import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { createFramework, type Framework, type Plugin } from '../../kernel'
import { expectWarnings } from '../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings(['morgan deprecated default format: use combined format'])

// Each plugin declares, in `dependencies`, every plugin it needs: the plugins whose folders its
// code imports, and those whose members or settings it uses. Folders under plugins/ without a
// plugin are libraries, each imported only by the folders it serves.

const PLUGINS_DIR = path.resolve(__dirname, '..', '..', 'plugins')

interface Found {
  folder: string
  factory: () => Plugin
  plugin: Plugin
}

/** Every plugin under plugins/: the `…Plugin` factories a folder's index (or logger's plugin.ts) exports, called with no options. */
function findPlugins (): Map<string, Found> {
  const found = new Map<string, Found>()
  for (const folder of fs.readdirSync(PLUGINS_DIR).sort()) {
    for (const file of ['index.ts', 'plugin.ts']) {
      const full = path.join(PLUGINS_DIR, folder, file)
      if (!fs.existsSync(full)) continue
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(full) as Record<string, unknown>
      for (const [name, value] of Object.entries(exported)) {
        if (!name.endsWith('Plugin') || typeof value !== 'function') continue
        const factory = value as () => Plugin
        const plugin = factory()
        found.set(plugin.name, { folder, factory, plugin })
      }
    }
  }
  return found
}

/** The folders without a plugin, and who may import each: `shared` holds what several plugins use. */
const LIBRARIES: Record<string, readonly string[] | 'every plugin'> = {
  shared: 'every plugin',
  'body-reader': ['body-json', 'body-raw', 'body-text', 'body-urlencoded', 'parser', 'hardened'],
  parser: ['express5-body'],
  lambda: [],
  'in-process': ['inject', 'fetch']
}

const plugins = findPlugins()
const pluginFolders = new Map([...plugins.values()].map((p) => [p.folder, p.plugin.name]))

/** The plugin folders a folder's sources name in imports, exports, `import()` types and module declarations. */
function foldersImported (folder: string): Map<string, string> {
  const imported = new Map<string, string>()
  const dir = path.join(PLUGINS_DIR, folder)
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8')
    for (const m of source.matchAll(/(?:from|import\(?|require\(|declare module) ?'(\.{1,2}\/[^']+)'/g)) {
      const target = path.relative(PLUGINS_DIR, path.resolve(dir, m[1])).split(path.sep)
      if (target[0] !== '..' && target[0] !== folder) imported.set(target[0], `${folder}/${file}`)
    }
  }
  return imported
}

/** The plugin named `name` after the plugins it needs, theirs first. */
function withDependencies (name: string, out: Plugin[] = []): Plugin[] {
  const { factory, plugin } = plugins.get(name)!
  for (const dep of plugin.dependencies ?? []) withDependencies(dep, out)
  if (!out.some((p) => p.name === name)) out.push(factory())
  return out
}

/** A folder with a text file the file-transfer and static plugins send. */
const FILES = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-dependencies-'))
fs.writeFileSync(path.join(FILES, 'note.txt'), 'a note')

/** What each plugin adds, used in a framework of that plugin and its declared dependencies only. */
const exercises: Record<string, (framework: Framework) => Promise<void>> = {
  async query (framework) {
    const app = framework()
    app.get('/', (req, res) => { res.end(JSON.stringify(req.query)) })
    await request(app).get('/?a=1&b[c]=2').expect(200, '{"a":"1","b":{"c":"2"}}')
  },
  async request (framework) {
    const app = framework()
    app.enable('trust proxy')
    app.post('/p', (req, res) => { res.end([req.hostname, req.protocol, req.get('x-a'), req.is('json'), req.accepts('html'), req.xhr].join(' ')) })
    await request(app).post('/p').set('Host', 'example.com').set('X-Forwarded-Proto', 'https').set('X-A', 'b')
      .set('Accept', 'text/html').send({ a: 1 }).expect(200, 'example.com https b json html false')
  },
  async response (framework) {
    const app = framework()
    app.get('/json', (req, res) => { res.status(201).json({ a: 1 }) })
    app.get('/format', (req, res) => { res.format({ json () { res.send({ ok: true }) } }) })
    app.get('/moved', (req, res) => { res.redirect(301, '/json') })
    await request(app).get('/json').expect(201, { a: 1 })
    await request(app).get('/format').set('Accept', 'application/json').expect(200, { ok: true })
    await request(app).get('/moved').expect(301).expect('Location', '/json')
  },
  async 'file-transfer' (framework) {
    const app = framework()
    app.get('/send', (req, res) => { res.sendFile(path.join(FILES, 'note.txt')) })
    app.get('/download', (req, res) => { res.download(path.join(FILES, 'note.txt'), 'n.txt') })
    await request(app).get('/send').expect(200, 'a note')
    await request(app).get('/download').expect(200, 'a note').expect('Content-Disposition', 'attachment; filename="n.txt"')
  },
  async static (framework) {
    const app = framework()
    app.use(framework.static(FILES))
    await request(app).get('/note.txt').expect(200, 'a note')
  },
  async views (framework) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-views-'))
    fs.writeFileSync(path.join(dir, 'hello.txt'), 'Hello, {name}')
    const app = framework()
    app.set('views', dir)
    app.engine('txt', (file: string, locals: Record<string, unknown>, done: (err: Error | null, html?: string) => void) => {
      done(null, fs.readFileSync(file, 'utf8').replace('{name}', String(locals.name)))
    })
    app.get('/', (req, res) => { res.render('hello.txt', { name: 'views' }) })
    await request(app).get('/').expect(200, 'Hello, views')
    fs.rmSync(dir, { recursive: true })
  },
  async 'body-json' (framework) {
    const app = framework()
    app.post('/', framework.json(), (req, res) => { res.end(JSON.stringify(req.body)) })
    await request(app).post('/').send({ a: [1] }).expect(200, '{"a":[1]}')
  },
  async 'body-raw' (framework) {
    const app = framework()
    app.post('/', framework.raw(), (req, res) => { res.end(String(Buffer.isBuffer(req.body) && req.body.length)) })
    await request(app).post('/').set('Content-Type', 'application/octet-stream').send(Buffer.from('abc')).expect(200, '3')
  },
  async 'body-text' (framework) {
    const app = framework()
    app.post('/', framework.text(), (req, res) => { res.end(`[${req.body}]`) })
    await request(app).post('/').set('Content-Type', 'text/plain').send('words').expect(200, '[words]')
  },
  async 'body-urlencoded' (framework) {
    const app = framework()
    app.post('/', framework.urlencoded({ extended: true }), (req, res) => { res.end(JSON.stringify(req.body)) })
    await request(app).post('/').type('form').send('a[b]=c').expect(200, '{"a":{"b":"c"}}')
  },
  async 'removed-middleware' (framework) {
    assert.throws(() => (framework as unknown as Record<string, unknown>).bodyParser, /no longer bundled with Express/)
  },
  async 'express5-routing' (framework) {
    const app = framework()
    app.get('/files/*path', (req, res) => { res.end(JSON.stringify(req.params)) })
    await request(app).get('/files/a/b%20c').expect(200, '{"path":["a","b c"]}')
  },
  async 'express5-application' (framework) {
    const app = framework()
    assert.equal(typeof (app as unknown as { router: { handle: unknown } }).router.handle, 'function')
    assert.equal((app as unknown as Record<string, unknown>).del, undefined)
  },
  async 'express5-request' (framework) {
    const app = framework()
    app.get('/', (req, res) => { res.end(JSON.stringify([req.query, req.host, typeof (req as unknown as Record<string, unknown>).param])) })
    await request(app).get('/?a[b]=1').set('Host', 'example.com:8080').expect(200, '[{"a[b]":"1"},"example.com:8080","undefined"]')
  },
  async 'express5-response' (framework) {
    const app = framework()
    app.get('/', (req, res) => { res.send(7) })
    app.get('/bad', (req, res) => { assert.throws(() => res.status(2.5), TypeError); assert.throws(() => res.status(1000), RangeError); res.sendStatus(418) })
    await request(app).get('/').expect(200, '7').expect('Content-Type', 'application/json; charset=utf-8')
    await request(app).get('/bad').expect(418)
  },
  async 'express5-files' (framework) {
    const app = framework()
    app.set('etag', false)
    app.get('/send', (req, res) => { res.sendFile(path.join(FILES, 'note.txt')) })
    await request(app).get('/send').expect(200, 'a note').expect('Content-Type', 'text/plain; charset=utf-8')
      .expect((res) => { assert.equal(res.headers.etag, undefined) })
    assert.equal((framework.response as unknown as Record<string, unknown>).sendfile, undefined)
  },
  async 'express5-body' (framework) {
    const app = framework()
    app.post('/', framework.urlencoded(), (req, res) => { res.end(JSON.stringify(req.body)) })
    app.post('/none', (req, res) => { res.end(String((req as { body?: unknown }).body)) })
    await request(app).post('/').type('form').send('a[b]=c').expect(200, '{"a[b]":"c"}')
    await request(app).post('/none').type('form').send('a=b').expect(200, 'undefined')
  },
  async 'async-handlers' (framework) {
    const app = framework()
    app.get('/', async () => { throw new Error('rejected') })
    app.use((err: Error, req: unknown, res: { statusCode: number, end (text: string): void }, next: unknown) => {
      void next
      res.statusCode = 500
      res.end(err.message)
    })
    await request(app).get('/').expect(500, 'rejected')
  },
  async fetch (framework) {
    const app = framework()
    app.get('/in', (req, res) => { res.end('fetched') })
    const res = await app.fetch(new Request('http://localhost/in'))
    assert.equal(res.status, 200)
    assert.equal(await res.text(), 'fetched')
  },
  async inject (framework) {
    const app = framework()
    app.get('/in', (req, res) => { res.end('process') })
    const res = await app.inject('/in')
    assert.equal(res.status, 200)
    assert.equal(res.body.toString(), 'process')
  },
  async 'route-list' (framework) {
    const app = framework()
    app.get('/a/:id', (req, res) => { res.end() })
    app.route('/b').post((req, res) => { res.end() }).name('b')
    assert.deepEqual(app.routes().map((r) => [r.method, r.path, r.name]), [['GET', '/a/:id', undefined], ['POST', '/b', 'b']])
  },
  async 'graceful-shutdown' (framework) {
    const app = framework()
    const server = app.listen(0, '127.0.0.1')
    await once(server, 'listening')
    assert.ok((server.address() as AddressInfo).port > 0)
    await app.close()
    assert.equal(server.listening, false)
  },
  async opentelemetry (framework) {
    // No SDK: no span, and the app answers as without the plugin.
    const app = framework()
    app.use(function mw (req, res, next) { next() })
    app.get('/users/:id', (req, res) => { res.end(req.params.id) })
    await request(app).get('/users/7').expect(200, '7')
  },
  async hardened (framework) {
    const app = framework()
    app.get('/q', (req, res) => { res.end(JSON.stringify(req.query)) })
    app.get('/r', (req, res) => { res.redirect('/\\elsewhere') })
    app.get('/d', (req, res, next) => { res.download(FILES + '/../' + path.basename(FILES) + '/note.txt', (err) => { if (err) next(err) }) })
    await request(app).get('/q?constructor[prototype][x]=1&b=1').expect(200, '{"b":"1"}')
    await request(app).get('/r').expect(302).expect('Location', '/%5Celsewhere')
    await request(app).get('/d').expect(403)
  },
  async 'migration-report' (framework) {
    const app = framework()
    app.get('/files/*', (req, res) => { res.end() })
    assert.deepEqual(app.migrationReport().paths.map((p) => [p.fullPath, p.suggestion]), [['/files/*', '/files/{*splat}']])
  },
  async logger (framework) {
    const lines: string[] = []
    const app = framework()
    app.use(framework.logger!(':method :url :status', { stream: { write (line: string) { lines.push(line) } } }))
    app.get('/logged', (req, res) => { res.end() })
    await request(app).get('/logged').expect(200)
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(lines, ['GET /logged 200\n'])
  }
}

describe('plugin dependencies', () => {
  after(() => { fs.rmSync(FILES, { recursive: true }) })

  it('finds every plugin under plugins/, each in its own folder', () => {
    assert.deepEqual([...plugins.keys()].sort(), Object.keys(exercises).sort())
    assert.equal(pluginFolders.size, plugins.size)
  })

  it('knows every other folder as a library', () => {
    const folders = fs.readdirSync(PLUGINS_DIR).filter((f) => fs.statSync(path.join(PLUGINS_DIR, f)).isDirectory())
    assert.deepEqual(folders.filter((f) => !pluginFolders.has(f)).sort(), Object.keys(LIBRARIES).sort())
  })

  it('declare only plugins that exist', () => {
    for (const { plugin } of plugins.values()) {
      for (const dep of plugin.dependencies ?? []) assert.ok(plugins.has(dep), `${plugin.name} depends on unknown plugin ${dep}`)
    }
  })

  for (const [name, { folder, plugin }] of plugins) {
    it(`${name}: imports no other plugin's folder it does not declare, and only the libraries for it`, () => {
      for (const [imported, where] of foldersImported(folder)) {
        const owner = pluginFolders.get(imported)
        if (owner === undefined) {
          const users = LIBRARIES[imported]
          assert.ok(users === 'every plugin' || users?.includes(folder), `${where} imports the library plugins/${imported}, which is not for it`)
          continue
        }
        assert.ok((plugin.dependencies ?? []).includes(owner),
          `${where} imports plugins/${imported}, the folder of plugin "${owner}", which "${name}" does not declare`)
      }
    })

    it(`${name}: works in a framework of it and its declared dependencies only`, async () => {
      const list = withDependencies(name)
      await exercises[name](createFramework({ plugins: list }))
    })
  }
})
