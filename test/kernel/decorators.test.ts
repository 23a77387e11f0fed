import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import request from 'supertest'
import { createFramework, definePlugin, ErrorCode, PluginError, type Decorations, type Kernel, type Plugin, type Request } from '../../kernel'
import full from '../../presets/default'

// Members the tests below add, declared as plugins declare theirs. (Request members are not
// declared here: this program also holds an example augmenting the kernel's index module, after
// which TypeScript drops later augmentations of the same interface made through kernel/types.)
declare module '../../kernel/types' {
  interface Application { decoratorProbe (): string }
  interface Response { decoratorSay (text: string): void }
}

/** What the tests below add to requests. */
interface Probed { decoratorShout: string, decoratorSet: string }

/** A plugin named `name` whose apply is `apply`. */
function plugin (name: string, apply: (kernel: Kernel) => void): Plugin {
  return definePlugin({ name, apply })
}

/** Asserts that `fn` throws a PluginError with `code` whose message matches `message`. */
function assertRefused (fn: () => unknown, code: string, message: RegExp): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof PluginError)
    assert.equal(err.code, code)
    assert.match(err.message, message)
    return true
  })
}

const probe = plugin('probe', ({ decorateApplication, decorateRequest, decorateResponse }) => {
  decorateApplication({ decoratorProbe () { return 'probed' } })
  decorateRequest({ decoratorShout: { getter () { return String(this.url).toUpperCase() } } } as Decorations<Request & Probed>)
  decorateResponse({ decoratorSay (text) { this.end('said ' + text) } })
})

describe('kernel decorators', () => {
  it('add members every app, request and response of the framework has', async () => {
    const framework = createFramework({ plugins: [probe] })
    const app = framework()
    assert.equal(app.decoratorProbe(), 'probed')
    app.get('/abc', (req, res) => { res.decoratorSay((req as unknown as Probed).decoratorShout) })
    await request(app).get('/abc').expect(200, 'said /ABC')
  })

  it('define values and accessors as Object.assign and Express\'s getters do', () => {
    const framework = createFramework({
      plugins: [plugin('shapes', ({ decorateRequest }) => {
        decorateRequest({
          decoratorShout: { getter () { return 'x' } },
          decoratorSet: { getter () { return 'y' }, setter (value) { void value } }
        } as Decorations<Request & Probed>)
      }), plugin('responses', ({ decorateResponse }) => { decorateResponse({ decoratorSay () {} }) })]
    })
    assert.deepEqual(Object.getOwnPropertyDescriptor(framework.response, 'decoratorSay'),
      { value: framework.response.decoratorSay, writable: true, enumerable: true, configurable: true })
    const getter = Object.getOwnPropertyDescriptor(framework.request, 'decoratorShout')!
    assert.equal(typeof getter.get, 'function')
    assert.equal(getter.set, undefined)
    assert.equal(getter.enumerable, true)
    assert.equal(getter.configurable, true)
    assert.equal(typeof Object.getOwnPropertyDescriptor(framework.request, 'decoratorSet')!.set, 'function')
  })

  it('run while the framework is created, before the extend hooks, which see their members', () => {
    let seen: unknown
    const framework = createFramework({
      plugins: [
        plugin('reader', ({ hooks }) => { hooks.extendResponse.tap('reader', (res) => { seen = res.decoratorSay }) }),
        probe
      ]
    })
    assert.equal(seen, framework.response.decoratorSay)
  })

  describe('refuse a name already taken, with RST_DECORATOR_TAKEN', () => {
    const attempt = (apply: (kernel: Kernel) => void, plugins: Plugin[] = []) =>
      () => createFramework({ plugins: [...plugins, plugin('late-comer', apply)] })

    it('by the kernel (app.use) or another plugin (res.json), naming it', () => {
      assertRefused(attempt((k) => { k.decorateApplication({ use () { return this } }) }),
        ErrorCode.DECORATOR_TAKEN, /^Plugin "late-comer" cannot add app\.use: the kernel defines it$/)
      assertRefused(attempt((k) => { k.decorateResponse({ json () { return this } }) }, full.plugins.slice()),
        ErrorCode.DECORATOR_TAKEN, /^Plugin "late-comer" cannot add res\.json: plugin "response" added it$/)
    })

    it('by the same plugin twice', () => {
      assertRefused(attempt((k) => { k.decorateResponse({ decoratorSay () {} }); k.decorateResponse({ decoratorSay () {} }) }),
        ErrorCode.DECORATOR_TAKEN, /res\.decoratorSay: plugin "late-comer" added it/)
    })

    it('by what the kernel or node sets on each app, request or response', () => {
      const untyped = (k: Kernel) => k as unknown as Record<string, (members: object) => void>
      const cases: Array<[string, object, RegExp]> = [
        ['decorateRequest', { url: '/' }, /req\.url: node sets it on every request/],
        ['decorateRequest', { params: {} }, /req\.params: the kernel sets it on every request/],
        ['decorateResponse', { locals: {} }, /res\.locals: the kernel sets it on every response/],
        ['decorateResponse', { req: null }, /res\.req: node sets it on every response/],
        ['decorateApplication', { settings: {} }, /app\.settings: the kernel sets it on every app/],
        ['decorateApplication', { on () {} }, /app\.on: every app has EventEmitter's/],
        ['decorateApplication', { name: 'x' }, /app\.name: every app, a function, has its own/]
      ]
      for (const [decorator, members, message] of cases) {
        assertRefused(attempt((k) => { untyped(k)[decorator](members) }), ErrorCode.DECORATOR_TAKEN, message)
      }
    })

    it('by node\'s prototypes, unless named in `override`', async () => {
      assertRefused(attempt((k) => { k.decorateResponse({ setHeader () { return this } }) }),
        ErrorCode.DECORATOR_TAKEN, /res\.setHeader: node's http\.ServerResponse\.prototype has it; name it in the decorator's `override` option/)
      assertRefused(attempt((k) => { k.decorateRequest({ setTimeout () { return this } }) }),
        ErrorCode.DECORATOR_TAKEN, /req\.setTimeout: node's http\.IncomingMessage\.prototype has it/)
      assertRefused(attempt((k) => { k.decorateApplication({ call () {} } as object) }),
        ErrorCode.DECORATOR_TAKEN, /app\.call: node's Function\.prototype has it/)

      const framework = createFramework({
        plugins: [plugin('over', ({ decorateResponse }) => {
          decorateResponse({
            setHeader (name, value) { http.ServerResponse.prototype.setHeader.call(this, name, `[${String(value)}]`); return this }
          }, { override: ['setHeader'] })
        })]
      })
      const app = framework()
      app.get('/', (req, res) => { res.setHeader('X-Over', 'on'); res.end() })
      await request(app).get('/').expect('X-Over', '[on]')
      assert.equal(http.ServerResponse.prototype.setHeader, http.OutgoingMessage.prototype.setHeader, 'node\'s own is left alone')
    })

    it('by another plugin, unless it is a declared dependency and the member is named in `override`', async () => {
      const base = plugin('base', ({ decorateResponse }) => { decorateResponse({ decoratorSay (text) { this.end(`base ${text}`) } }) })
      const replace = (k: Kernel) => { k.decorateResponse({ decoratorSay (text) { this.end(`next ${text}`) } }, { override: ['decoratorSay'] }) }
      assert.throws(() => createFramework({ plugins: [base, plugin('stranger', replace)] }),
        (err: unknown) => err instanceof PluginError && /res\.decoratorSay: plugin "base" added it/.test(err.message))
      assert.throws(() => createFramework({ plugins: [base, definePlugin({ name: 'unnamed', dependencies: ['base'], apply (k) { k.decorateResponse({ decoratorSay () {} }) } })] }),
        { code: ErrorCode.DECORATOR_TAKEN })

      const framework = createFramework({ plugins: [base, definePlugin({ name: 'next', dependencies: ['base'], apply: replace })] })
      const app = framework()
      app.get('/', (req, res) => { res.decoratorSay('hi') })
      await request(app).get('/').expect(200, 'next hi')
    })

    it('removing, with `undefined`, a member a declared dependency added', () => {
      const base = plugin('base', ({ decorateResponse }) => { decorateResponse({ decoratorSay () {} }) })
      const framework = createFramework({
        plugins: [base, definePlugin({ name: 'less', dependencies: ['base'], apply (k) { k.decorateResponse({ decoratorSay: undefined }, { override: ['decoratorSay'] }) } })]
      })
      assert.equal('decoratorSay' in framework.response, false)
      assert.throws(() => createFramework({
        plugins: [base, plugin('stranger', (k) => { k.decorateResponse({ decoratorSay: undefined }, { override: ['decoratorSay'] }) })]
      }), { code: ErrorCode.DECORATOR_TAKEN })
    })

    it('adding none of the members of a refused call', () => {
      let kernel: Kernel | undefined
      assert.throws(() => createFramework({
        plugins: [plugin('half', (k) => {
          kernel = k
          k.decorateResponse({ decoratorSay () {}, locals: {} })
        })]
      }), { code: ErrorCode.DECORATOR_TAKEN })
      assert.equal(Object.prototype.hasOwnProperty.call(kernel!.response, 'decoratorSay'), false)
    })
  })

  it('are per framework: the same plugin decorates two frameworks, and neither sees the other\'s members', () => {
    const a = createFramework({ plugins: [probe] })
    const b = createFramework({ plugins: [probe] })
    const c = createFramework()
    assert.notEqual(a.response.decoratorSay, undefined)
    assert.notEqual(b.response.decoratorSay, undefined)
    assert.equal(c.response.decoratorSay, undefined)
    assert.equal(typeof c().decoratorProbe, 'undefined')
    assert.equal('decoratorSay' in http.ServerResponse.prototype, false)
    assert.equal('decoratorShout' in http.IncomingMessage.prototype, false)
  })

  it('refuse to run after the framework is created, with RST_DECORATOR_LATE', () => {
    let kept: Kernel | undefined
    createFramework({ plugins: [plugin('keeper', (k) => { kept = k })] })
    assertRefused(() => { kept!.decorateRequest({ xhr: true }) },
      ErrorCode.DECORATOR_LATE, /^A plugin cannot add req\.xhr: members are added while the framework is created$/)
  })

  it('are the only way the plugins under plugins/ add members to the prototypes', () => {
    const dir = path.resolve(__dirname, '..', '..', 'plugins')
    const sources = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
    // Taking the kernel's own members away is what decorators do not do: one file, named here, does.
    const removesKernelMembers = path.join('express5-application', 'express4-members.ts')
    for (const file of sources) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8')
      if (file !== removesKernelMembers) assert.doesNotMatch(source, /hooks\.extend(Application|Request|Response)\b/, `${file} taps an extend hook`)
      assert.doesNotMatch(source, /\b(application|request|response)\.\w+\s*=[^=]|apply \(\{[^}]*\b(application|request|response)\b/,
        `${file} writes a prototype itself`)
    }
  })

  it('are typed by the Application, Request and Response interfaces', () => {
    // Compiled, not run: the type checker holds these lines to what they say.
    const typed = ({ decorateApplication, decorateRequest, decorateResponse, request }: Kernel) => {
      // @ts-expect-error: not a member of Request (declare it first)
      decorateRequest({ undeclaredMember: 1 })
      // @ts-expect-error: decoratorSay takes a string and returns nothing
      decorateResponse({ decoratorSay: (n: number) => n })
      // @ts-expect-error: req.xhr is a boolean
      decorateRequest({ xhr: { getter () { return 'yes' } } })
      // @ts-expect-error: the getter's `this` is the Request, which has no such member
      decorateRequest({ xhr: { getter () { return this.undeclaredMember === 1 } } })
      // @ts-expect-error: `override` names members of the Request
      decorateRequest({ xhr: { getter () { return false } } }, { override: ['undeclaredMember'] })
      // @ts-expect-error: the prototypes are read through the kernel, members added with decorators
      request.url = '/'
      decorateRequest({ xhr: { getter () { return this.get('x-requested-with') === 'XMLHttpRequest' } } })
      decorateResponse({ decoratorSay (text: string) { this.end(text) } })
      decorateApplication({ decoratorProbe () { return this.get('env') } })
    }
    assert.equal(typeof typed, 'function')
  })
})
