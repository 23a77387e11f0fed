// Advisories of view engines as Express apps use them: `res.render(view, data)` with data from
// the request, the engine registered with `app.engine` (ejs's own `__express`, pug's, and
// handlebars through consolidate). Code that runs sets `globalThis.advisoryRan`.
import { describe } from 'node:test'
import cons from 'consolidate'
import { send, query, vulnerable, type AnyFramework } from './support'
import { recorder } from './results'
import { replay, saw } from './replay'
import { ejsEngine, pugEngine, ranCode, renderApp, withViews } from './render'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks, engines loaded by alias */

const table = recorder('views')

describe('view engines: render data from the request', () => {
  // ejs 3.1.6 reads `settings['view options']` from the data and copies every option it finds
  // there, `outputFunctionName` included, which it writes into the template's source unchecked.
  // With `res.render(view, req.query)`, the query string writes code.
  replay(table, {
    id: 'CVE-2022-29078',
    pkg: 'ejs <3.1.7',
    title: '`settings[view options][outputFunctionName]` in the query runs no code',
    shownOn: 'ejs@3.1.6 on express@4.22',
    vulnerable: () => ({ framework: require('express') as AnyFramework, engine: vulnerable('ejs-3-1-6').__express }),
    target: (t) => {
      const framework = withViews(t)
      return typeof framework === 'function' ? { framework, engine: ejsEngine } : framework
    },
    async fires ({ framework, engine }) {
      const app = renderApp(framework, 'ejs', engine, 'page.ejs')
      const { ran, text } = await ranCode('29078', async () => (await send(app, 'GET', '/' + query({
        name: 'visitor',
        'settings[view options][outputFunctionName]': 'x;globalThis.advisoryRan="29078";s'
      }))).text)
      return saw(ran, text)
    }
  })

  // pug 3.0.0's code generator (pug-code-gen 3.0.1) writes the `pretty` option (an indent
  // string) into the template's source where a mixin is called inside a tag; with the data as
  // options (`res.render(view, req.query)`), `?pretty=…` writes code.
  replay(table, {
    id: 'CVE-2021-21353',
    pkg: 'pug <3.0.1 (pug-code-gen <3.0.2)',
    title: '`pretty` from the query runs no code',
    shownOn: 'pug@3.0.0 (pug-code-gen 3.0.1) on express@4.22',
    vulnerable: () => ({ framework: require('express') as AnyFramework, engine: vulnerable('pug-3-0-0').__express }),
    target: (t) => {
      const framework = withViews(t)
      return typeof framework === 'function' ? { framework, engine: pugEngine } : framework
    },
    async fires ({ framework, engine }) {
      const app = renderApp(framework, 'pug', engine, 'mixin.pug')
      const { ran, text } = await ranCode('21353', async () => (await send(app, 'GET', '/' + query({
        name: 'visitor',
        pretty: "');globalThis.advisoryRan='21353';//"
      }))).text)
      return saw(ran, text)
    }
  })

  // In handlebars 4.7.8, a dynamic partial (`{{> (lookup . "widget")}}`) whose value is an
  // object with `call` set is taken as a template to compile, and an object in the shape of
  // handlebars' syntax tree is compiled as given, its literal values written into the generated
  // code. A JSON body rendered as data (`res.render(view, req.body)`) carries such an object.
  const loc = { start: { line: 1, column: 0 }, end: { line: 1, column: 1 } }
  const widget = {
    type: 'Program',
    call: true,
    strip: {},
    body: [{
      type: 'MustacheStatement',
      escaped: true,
      strip: {},
      loc,
      path: { type: 'PathExpression', data: false, depth: 0, parts: ['lookup'], original: 'lookup' },
      params: [
        { type: 'NumberLiteral', value: '(globalThis.advisoryRan = "33940")', original: 0 },
        { type: 'StringLiteral', value: 'x', original: 'x' }
      ]
    }]
  }
  replay(table, {
    id: 'CVE-2026-33940',
    pkg: 'handlebars <4.7.9',
    title: 'an object in the data given to a dynamic partial runs no code',
    shownOn: 'handlebars@4.7.8 (consolidate) on express@4.22',
    vulnerable: () => ({ framework: require('express') as AnyFramework, handlebars: vulnerable('handlebars-4-7-8') }),
    target: (t) => {
      const framework = withViews(t)
      return typeof framework === 'function' ? { framework, handlebars: require('handlebars') } : framework
    },
    async fires ({ framework, handlebars }) {
      const app = renderApp(framework, 'hbs', cons.handlebars, 'widget.hbs')
      // consolidate loads the engine once and keeps it in `requires`: this replay's is put there.
      const requires = (cons as unknown as { requires: Record<string, unknown> }).requires
      const before = requires.handlebars
      requires.handlebars = handlebars
      try {
        const body = JSON.stringify({ widget })
        const { ran, text } = await ranCode('33940', async () => (await send(app, 'POST', '/', { 'Content-Type': 'application/json' }, body)).text)
        return saw(ran, text)
      } finally {
        requires.handlebars = before
      }
    }
  })
})
