// What Express leaves open: the input fires on the fixed Express 4 and 5 and on the presets that
// match them (default, express5, and minimal where it has the feature), and the modern preset's
// hardened plugin closes it (`checkLinks`, `isolateRenderLocals`, `hideErrorStacks`). Until the
// plugin has an option, its modern-preset check is a to-do named after the option.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import cons from 'consolidate'
import modern from '../../presets/modern'
import { TARGETS, send, query, withHelpers, pendingUnless, type AnyFramework, type TargetName } from './support'
import { recorder } from './results'
import { replay, saw } from './replay'
import { ejsEngine, ranCode, renderApp, withViews } from './render'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks */

const table = recorder('express-open')

/** The targets that behave as the fixed Express does. */
const OPEN: readonly TargetName[] = ['express@4', 'express@5', 'default', 'express5', 'minimal']
const EXPRESS_4 = TARGETS.find((t) => t.name === 'express@4')!

/** A link URL that ends its `<…>` and adds a link of its own, and a relation that leaves its quotes. */
const LINK_INPUTS: ReadonlyArray<Record<string, string>> = [
  { url: 'https://app.example/page/2>; rel="preload"; as="script", <https://evil.example/x.js', rel: 'next' },
  { url: 'https://app.example/page/2', rel: 'next", <https://evil.example/x.js>; rel="preload' }
]

function linksApp (framework: AnyFramework): any {
  const app = framework()
  app.get('/links', (req: any, res: any) => {
    const params = new URL(req.url as string, 'http://app.example').searchParams
    try {
      res.links({ [params.get('rel')!]: params.get('url') })
      res.end()
    } catch (err) {
      res.statusCode = 400
      res.end(`${(err as Error).name}: ${(err as Error).message}`)
    }
  })
  return app
}

describe('open in Express: res.links values', () => {
  // res.links writes each URL between `<` and `>` and each relation between quotes, as given:
  // a value from the request can close either and add a link (a preload of a script from
  // another host, here) to the Link header.
  replay(table, {
    id: 'CVE-2024-10491',
    pkg: 'express (res.links; no fixed release)',
    title: 'a link URL or relation cannot add a link to the Link header',
    shownOn: 'express@4.22.3',
    vulnerable: () => EXPRESS_4.framework,
    target: (t) => withHelpers(t, 'res.links'),
    open: OPEN,
    hardenedOption: 'checkLinks',
    async fires (framework) {
      for (const input of LINK_INPUTS) {
        const answer = await send(linksApp(framework), 'GET', '/links' + query(input))
        const link = answer.header('link') ?? ''
        if (link.includes('evil.example')) return saw(true, `${JSON.stringify(input)} -> Link: ${link}`)
      }
      return saw(false)
    }
  })

  it('the modern preset refuses such a value with a TypeError that names it', pendingUnless('checkLinks'), async () => {
    for (const input of LINK_INPUTS) {
      const answer = await send(linksApp(modern as unknown as AnyFramework), 'GET', '/links' + query(input))
      assert.equal(answer.status, 400)
      assert.match(answer.text, /^TypeError: /)
      const offending = input.url.includes('evil') ? input.url : input.rel
      assert.ok(answer.text.includes(JSON.stringify(offending)) || answer.text.includes(offending), `the message names ${offending}: ${answer.text}`)
    }
  })
})

describe('open in Express: render locals reaching the engine\'s options', () => {
  // Express hands the engine one object, the app's locals merged with the render's, and ejs,
  // pug and consolidate read their options from it. ejs 3.1.10 (the release ejs 3 ends with)
  // checks `outputFunctionName` but still takes `client` and `escapeFunction` from
  // `settings['view options']` in the data, and writes `escapeFunction` into the template's
  // source: `res.render(view, req.query)` runs the query's code.
  replay(table, {
    id: 'none (CVE-2022-29078 class)',
    pkg: 'ejs 3.1.10 with express (render locals as options)',
    title: '`settings[view options]` `client` and `escapeFunction` in the query run no code',
    shownOn: 'ejs@3.1.10 on express@4.22.3',
    vulnerable: () => EXPRESS_4.framework,
    target: withViews,
    open: OPEN.filter((t) => t !== 'minimal'),
    hardenedOption: 'isolateRenderLocals',
    async fires (framework) {
      const app = renderApp(framework, 'ejs', ejsEngine, 'page.ejs')
      const { ran, text } = await ranCode('ejs-client', async () => (await send(app, 'GET', '/' + query({
        name: 'visitor',
        'settings[view options][client]': '1',
        'settings[view options][escapeFunction]': '1;globalThis.advisoryRan="ejs-client"'
      }))).text)
      return saw(ran, text)
    }
  })

  // consolidate compiles handlebars templates with the data as compile options: `noEscape=1`
  // in the query turns escaping off, and the page writes the query's markup as is.
  replay(table, {
    id: 'none (render locals as options)',
    pkg: 'handlebars 4.7.10 via consolidate with express',
    title: '`noEscape` in the query leaves the page escaped',
    shownOn: 'handlebars@4.7.10 (consolidate) on express@4.22.3',
    vulnerable: () => EXPRESS_4.framework,
    target: withViews,
    open: OPEN.filter((t) => t !== 'minimal'),
    hardenedOption: 'isolateRenderLocals',
    async fires (framework) {
      const app = renderApp(framework, 'hbs', cons.handlebars, 'page.hbs')
      const answer = await send(app, 'GET', '/' + query({ name: '<script>alert(1)</script>', noEscape: '1' }))
      return saw(answer.text.includes('<script>'), answer.text)
    }
  })

  it('the modern preset still renders the locals as data', pendingUnless('isolateRenderLocals'), async () => {
    const app = renderApp(modern as unknown as AnyFramework, 'ejs', ejsEngine, 'page.ejs')
    const answer = await send(app, 'GET', '/' + query({ name: 'visitor', 'settings[view options][client]': '1' }))
    assert.equal(answer.status, 200)
    assert.equal(answer.text, '<p>visitor</p>\n')
    const hbs = await send(renderApp(modern as unknown as AnyFramework, 'hbs', cons.handlebars, 'page.hbs'), 'GET', '/' + query({ name: '<b>', noEscape: '1' }))
    assert.equal(hbs.text, '<p>&lt;b&gt;</p>\n')
  })
})

describe('open in Express: stack traces in error pages', () => {
  // Outside NODE_ENV=production the final handler's error page carries the error's stack: the
  // server's absolute paths and the modules it runs (CWE-209). Express does this by design, and
  // a server started without NODE_ENV shows it to every client.
  replay(table, {
    id: 'none (CWE-209)',
    pkg: 'express, finalhandler (error page outside production)',
    title: 'an error page carries no stack trace or absolute path',
    shownOn: 'express@4.22.3 (NODE_ENV=test)',
    vulnerable: () => EXPRESS_4.framework,
    target: (t) => t.framework,
    open: OPEN,
    hardenedOption: 'hideErrorStacks',
    async fires (framework) {
      // Any env but production; `test` also keeps the error out of the log.
      const env = process.env.NODE_ENV
      process.env.NODE_ENV = 'test'
      try {
        const app = framework()
        app.get('/boom', function failingRoute () { throw new Error('the handler failed') })
        const answer = await send(app, 'GET', '/boom')
        return saw(answer.text.includes(__dirname) || /\n\s+at /.test(answer.text) || answer.text.includes(' &nbsp; &nbsp;at '), `${answer.status} ${answer.text.slice(0, 300)}`)
      } finally {
        if (env === undefined) delete process.env.NODE_ENV
        else process.env.NODE_ENV = env
      }
    }
  })
})
