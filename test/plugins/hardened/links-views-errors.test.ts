import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import express4 from 'express'
import express5 from 'express-5'
import { createFramework, ErrorCode, type Framework } from '../../../kernel'
import express5Preset from '../../../presets/express5'
import modern from '../../../presets/modern'
import { hardened, plain } from './support'
import { engineOptionNames, type HardenedOptions } from '../../../plugins/hardened'
import { responsePolicy } from '../../../plugins/response'

// What the hardened plugin closes that Express leaves open: res.links values that add a link of
// their own, render locals that reach the engine's options, stacks on error pages. Each is shown
// open on express@4 and on the default preset (the same answer, so the default stays Express),
// and closed under the plugin, with its option turning it back off.

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks built in the test */

type AnyFramework = (() => any) & { Router?: unknown }

/** The Link header `values` get from res.links on an app of `framework`, or the status when it throws. */
async function linkHeader (framework: AnyFramework, values: Record<string, unknown>): Promise<{ status: number, link?: string, error?: string }> {
  const app = framework()
  app.get('/', (_req: any, res: any) => { res.links(values).end() })
  app.use((err: any, _req: any, res: any, _next: any) => { res.status(500).set('X-Error', `${err.name} ${err.code}`).end() })
  const res = await request(app).get('/')
  return { status: res.status, link: res.headers.link, error: res.headers['x-error'] }
}

const INJECTED_URL = '/a>; rel="x", <https://evil.example/s.js>; rel="preload'
const INJECTED_REL = 'next", <https://evil.example/s.js>; rel="preload'

describe('hardened: res.links values', () => {
  it('a URL that ends its <…> adds a link on express@4 and the default preset, the same header', async () => {
    const reference = await linkHeader(express4, { next: INJECTED_URL })
    assert.match(reference.link ?? '', /<https:\/\/evil\.example\/s\.js>; rel="preload/)
    assert.deepEqual(await linkHeader(plain, { next: INJECTED_URL }), reference)
  })

  it('a relation that ends its quotes adds a link on express@5 and the express5 preset, the same header', async () => {
    const reference = await linkHeader(express5, { [INJECTED_REL]: '/b' })
    assert.match(reference.link ?? '', /<https:\/\/evil\.example\/s\.js>/)
    assert.deepEqual(await linkHeader(express5Preset, { [INJECTED_REL]: '/b' }), reference)
  })

  for (const [what, values] of [
    ['a URL with >', { next: INJECTED_URL }],
    ['a URL with <', { next: '/a<b' }],
    ['a URL with a line break', { next: '/a\r\nX-Injected: 1' }],
    ['a relation with "', { [INJECTED_REL]: '/b' }],
    ['a relation with \\', { 'next\\': '/b' }]
  ] as const) {
    it(`refuses ${what} with a TypeError (${ErrorCode.LINK_REFUSED}) under the plugin`, async () => {
      const res = await linkHeader(hardened(), values)
      assert.equal(res.status, 500)
      assert.equal(res.error, `TypeError ${ErrorCode.LINK_REFUSED}`)
      assert.equal(res.link, undefined)
    })
  }

  it('names the refused value in its message', () => {
    const app = hardened()()
    const res = Object.create(app.response)
    res.req = { app }
    res.setHeader = () => res
    res.getHeader = () => undefined
    assert.throws(() => res.links({ next: INJECTED_URL }), (err: any) => err instanceof TypeError && err.message.includes(JSON.stringify(INJECTED_URL)) && err.message.includes('"next"'))
  })

  it('writes ordinary links as Express does: commas, semicolons and quotes in URLs, relation lists', async () => {
    const values = { next: '/users?page=2&sort=a,b;c', 'prev first': "/users?q='x'", last: 'https://example.com/p?x=%3E' }
    const reference = await linkHeader(express4, values)
    assert.deepEqual(await linkHeader(hardened(), values), reference)
    assert.deepEqual(await linkHeader(modern, values), reference)
  })

  it('checks each URL of an Express 5 relation list when the response policy checks links, and writes good lists as express@5', async () => {
    const checking = { name: 'check-links', apply ({ framework }: { framework: Framework }) { responsePolicy.of(framework).checkLinks = true } }
    const framework = createFramework({ plugins: [...express5Preset.plugins, checking] })
    const good = { alternate: ['/users.json', '/users.xml'], next: '/users?page=2' }
    assert.deepEqual(await linkHeader(framework, good), await linkHeader(express5, good))
    const bad = await linkHeader(framework, { alternate: ['/users.json', INJECTED_URL] })
    assert.equal(bad.error, `TypeError ${ErrorCode.LINK_REFUSED}`)
  })

  it('checkLinks: false writes what it is given, as Express', async () => {
    assert.deepEqual(await linkHeader(hardened({ checkLinks: false }), { next: INJECTED_URL }), await linkHeader(express4, { next: INJECTED_URL }))
  })
})

let views: string
before(() => {
  views = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-hardened-views-')))
  fs.writeFileSync(path.join(views, 'page.ejs'), '<p><%= name %></p>')
  fs.writeFileSync(path.join(views, 'custom.ejs'), '<p>[?= name ?]</p>')
  fs.writeFileSync(path.join(views, 'input.pug'), 'input\n')
  fs.writeFileSync(path.join(views, 'page.handlebars'), '<p>{{name}}</p>')
  fs.writeFileSync(path.join(views, 'page.html'), '<p><%= name %></p>')
})
after(() => { fs.rmSync(views, { recursive: true, force: true }) })

declare global {
  // Set by the template code a crafted local injects (ejs `outputFunctionName`).
  var ristrettoInjected: number | undefined // eslint-disable-line no-var
}

/** GET `url` on an app rendering `view` with req.query as its locals (the vulnerable pattern). */
async function renderQuery (framework: AnyFramework, view: string, url: string, setup?: (app: any) => void): Promise<{ status: number, text: string }> {
  const app = framework()
  app.set('views', views)
  app.set('env', 'test')
  setup?.(app)
  app.get('/', (req: any, res: any) => { res.render(view, req.query) })
  const res = await request(app).get(url)
  return { status: res.status, text: res.text }
}

/**
 * ejs 3.1.10's `client` and `escapeFunction`, from the query through Express's `settings`: the
 * escape function's text becomes template code, which sets a global.
 */
const EJS_INJECTION = '/?name=x&settings[view%20options][client]=1&settings[view%20options][escapeFunction]=' +
  encodeURIComponent('(() => { globalThis.ristrettoInjected = 1; return String })()')

describe('hardened: render locals and engine options', () => {
  it('ejs: settings[view options] (client, escapeFunction) from the query runs code on express@4 and the default preset', async () => {
    for (const framework of [express4, plain] as AnyFramework[]) {
      globalThis.ristrettoInjected = undefined
      const res = await renderQuery(framework, 'page.ejs', EJS_INJECTION)
      assert.equal(res.status, 200)
      assert.equal(globalThis.ristrettoInjected, 1)
    }
  })

  it('ejs: the same query runs nothing under the plugin, and the page renders', async () => {
    globalThis.ristrettoInjected = undefined
    const res = await renderQuery(hardened(), 'page.ejs', EJS_INJECTION)
    assert.equal(globalThis.ristrettoInjected, undefined)
    assert.deepEqual(res, { status: 200, text: '<p>x</p>' })
  })

  it('ejs: client and escapeFunction as render locals inject nothing under the plugin', async () => {
    const url = '/?name=%3Cb%3E&client=1&escapeFunction=(function(){globalThis.ristrettoInjected%3D2;return%20String})()'
    globalThis.ristrettoInjected = undefined
    const res = await renderQuery(hardened(), 'page.ejs', url)
    assert.equal(globalThis.ristrettoInjected, undefined)
    assert.deepEqual(res, { status: 200, text: '<p>&lt;b&gt;</p>' })
  })

  it("ejs: the app's own view options (app.locals.settings) still reach the engine under the plugin", async () => {
    const res = await renderQuery(hardened(), 'custom.ejs', '/?name=y&settings[view%20options][delimiter]=%25', (app) => {
      app.set('view options', { delimiter: '?', openDelimiter: '[', closeDelimiter: ']' })
    })
    assert.deepEqual(res, { status: 200, text: '<p>y</p>' })
  })

  it('pug: doctype from the query changes the output on express@4 and the default preset alike, and not under the plugin', async () => {
    const reference = await renderQuery(express4, 'input.pug', '/?doctype=html')
    assert.deepEqual(reference, { status: 200, text: '<input>' })
    assert.deepEqual(await renderQuery(plain, 'input.pug', '/?doctype=html'), reference)
    assert.deepEqual(await renderQuery(hardened(), 'input.pug', '/?doctype=html'), { status: 200, text: '<input/>' })
  })

  it('handlebars (consolidate): noEscape from the query unescapes on express@4 and the default preset alike, and not under the plugin', async () => {
    const setup = (app: any): void => { app.engine('handlebars', require('consolidate').handlebars) }
    const url = '/?name=%3Cb%3E&noEscape=1'
    const reference = await renderQuery(express4, 'page.handlebars', url, setup)
    assert.equal(reference.text, '<p><b></p>')
    assert.deepEqual(await renderQuery(plain, 'page.handlebars', url, setup), reference)
    assert.deepEqual(await renderQuery(hardened(), 'page.handlebars', url, setup), { status: 200, text: '<p>&lt;b&gt;</p>' })
  })

  it("an engine registered under another extension is known by its module: ejs's names kept out, others' pass", async () => {
    const setup = (app: any): void => { app.engine('html', require('ejs').renderFile) }
    globalThis.ristrettoInjected = undefined
    const res = await renderQuery(hardened(), 'page.html', EJS_INJECTION, setup)
    assert.equal(globalThis.ristrettoInjected, undefined)
    assert.deepEqual(res, { status: 200, text: '<p>x</p>' })
    assert.equal(engineOptionNames('.html', require('ejs').renderFile), engineOptionNames('.ejs'))
    assert.deepEqual(engineOptionNames('.tpl', require('consolidate').handlebars), engineOptionNames('.handlebars'))
  })

  it('an engine of no known module gets every known engine\'s names kept out', async () => {
    const seen: Array<Record<string, unknown>> = []
    const setup = (app: any): void => {
      app.engine('tpl', (_file: string, options: Record<string, unknown>, callback: (err: null, html: string) => void) => {
        seen.push(options)
        callback(null, String(options.title))
      })
    }
    const res = await renderQuery(hardened(), 'page.tpl', '/?title=t&pretty=1&outputFunctionName=x&noEscape=1&variable=v', (app) => {
      setup(app)
      fs.writeFileSync(path.join(views, 'page.tpl'), '')
    })
    assert.deepEqual(res, { status: 200, text: 't' })
    for (const key of ['pretty', 'outputFunctionName', 'noEscape', 'variable']) assert.ok(!(key in seen[0]), key)
    assert.ok(engineOptionNames('.tpl', () => '').has('pretty'))
  })

  it('res.locals are the render\'s own too; app.locals and ordinary locals pass', async () => {
    const app = hardened()()
    app.set('views', views)
    app.locals.name = 'from app'
    app.get('/', (req: any, res: any) => {
      res.locals.settings = { 'view options': { client: true, escapeFunction: '(() => { globalThis.ristrettoInjected = 3; return String })()' } }
      res.render('page.ejs', { name: req.query.name })
    })
    globalThis.ristrettoInjected = undefined
    const res = await request(app).get('/?name=ok')
    assert.equal(globalThis.ristrettoInjected, undefined)
    assert.equal(res.text, '<p>ok</p>')
  })

  it('isolateRenderLocals: false passes every local, as Express', async () => {
    globalThis.ristrettoInjected = undefined
    await renderQuery(hardened({ isolateRenderLocals: false }), 'page.ejs', EJS_INJECTION)
    assert.equal(globalThis.ristrettoInjected, 1)
    globalThis.ristrettoInjected = undefined
  })
})

/** The error page of a handler that throws `err`, on an app of `framework` in the `development` env. */
async function errorPage (framework: AnyFramework, err: Error & { status?: number }): Promise<{ status: number, text: string }> {
  const app = framework()
  app.set('env', 'development')
  app.get('/', () => { throw err })
  const saved = console.error
  console.error = () => {}
  try {
    const res = await request(app).get('/')
    await new Promise((resolve) => setImmediate(resolve))
    return { status: res.status, text: res.text }
  } finally {
    console.error = saved
  }
}

describe('hardened: error pages', () => {
  const err = (): Error & { status?: number } => new Error(`could not read ${path.join(os.tmpdir(), 'secret', 'config.json')}`)

  it('express@4 and the default preset show the stack, with its absolute paths, outside production', async () => {
    const e = err()
    const reference = await errorPage(express4, e)
    assert.ok(reference.text.includes('secret') && reference.text.includes(path.basename(__filename)))
    assert.deepEqual(await errorPage(plain, e), reference)
  })

  for (const [name, framework] of [['the plugin', hardened()], ['the modern preset', modern]] as const) {
    it(`${name} shows the reason phrase only, the status kept`, async () => {
      const page = await errorPage(framework as AnyFramework, err())
      assert.equal(page.status, 500)
      assert.ok(page.text.includes('<pre>Internal Server Error</pre>'), page.text)
      assert.ok(!page.text.includes('secret') && !page.text.includes(__dirname))
      const notFound = await errorPage(framework as AnyFramework, Object.assign(err(), { status: 404 }))
      assert.equal(notFound.status, 404)
      assert.ok(notFound.text.includes('<pre>Not Found</pre>'))
    })
  }

  it('the page is production\'s page, byte for byte', async () => {
    const e = err()
    const production = plain()
    production.set('env', 'production')
    production.get('/', () => { throw e })
    const expected = (await request(production).get('/')).text
    assert.equal((await errorPage(hardened(), e)).text, expected)
  })

  it('hideErrorStacks: false shows the stack, as Express', async () => {
    const e = err()
    assert.deepEqual(await errorPage(hardened({ hideErrorStacks: false } satisfies HardenedOptions), e), await errorPage(express4, e))
  })

  it('the kernel\'s errorPage hook gets the default text, the error and the status', async () => {
    const seen: unknown[] = []
    const framework: Framework = createFramework({
      plugins: [...plain.plugins, { name: 'page-text', apply ({ hooks }) { hooks.errorPage.tap('page-text', (message, error, status) => { seen.push(message.split('\n')[0], error, status); return `status ${status}` }) } }]
    })
    const e = Object.assign(err(), { status: 418 })
    const page = await errorPage(framework, e)
    assert.deepEqual(seen, [`Error: ${e.message}`, e, 418])
    assert.ok(page.text.includes('<pre>status 418</pre>'))
  })
})
