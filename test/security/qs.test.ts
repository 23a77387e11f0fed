// Advisories of qs, the extended query parser, as Express apps meet them: through `req.query`.
import { describe } from 'node:test'
import { send, vulnerable, withHelpers, type AnyFramework, type Target } from './support'
import { recorder } from './results'
import { replay, saw } from './replay'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks */

const table = recorder('qs')

/**
 * An app whose `/q` answers with what its query parser made of `a`: the prototype of the value
 * (array, object, or another) and its shape. The extended parser (qs) is asked for explicitly,
 * so Express 5 and the express5 preset are checked with it too (their default is node's
 * querystring, which builds no nesting at all).
 */
function queryApp (framework: AnyFramework): any {
  const app = framework()
  app.set('query parser', 'extended')
  app.get('/q', (req: any, res: any) => {
    const a = req.query.a
    const proto = a === null || typeof a !== 'object' ? undefined : Object.getPrototypeOf(a)
    res.end(JSON.stringify({
      proto: proto === undefined ? 'none' : proto === Object.prototype ? 'object' : proto === Array.prototype ? 'array' : proto === null ? 'null' : Array.isArray(proto) ? 'an array instance' : 'other',
      isArray: Array.isArray(a),
      size: a !== null && typeof a === 'object' ? Object.keys(a).length : 0
    }))
  })
  return app
}

async function parsedA (framework: AnyFramework, search: string): Promise<{ proto: string, isArray: boolean, size: number }> {
  return JSON.parse((await send(queryApp(framework), 'GET', '/q' + search)).text)
}

const withQuery = (t: Target): AnyFramework | { na: string } => withHelpers(t, 'req.query')

describe('qs: prototype poisoning and array limits', () => {
  // In qs 6.9.6, `a[__proto__]=b&a[__proto__]&a[length]=…` replaces the prototype of
  // `req.query.a` with an array whose `length` the client chose: code that then treats the value
  // as an array walks that length (the advisory's hang).
  replay(table, {
    id: 'CVE-2022-24999',
    pkg: 'qs <6.10.3 (express <4.17.3)',
    title: '`__proto__` keys cannot replace the prototype of a query value',
    shownOn: 'express@4.17.2 (qs 6.9.6)',
    vulnerable: () => vulnerable<AnyFramework>('express-4-17-2'),
    target: withQuery,
    async fires (framework) {
      const a = await parsedA(framework, '?a[__proto__]=b&a[__proto__]&a[length]=100000000')
      return saw(a.proto !== 'object' && a.proto !== 'array' && a.proto !== 'null' && a.proto !== 'none', `the value's prototype is ${a.proto}`)
    }
  })

  // In qs 6.13.0, arrayLimit holds indexed keys (`a[25]=…` makes an object past it) but not
  // `a[]=…`, which keeps growing an array: the two spellings of one list must get the same shape.
  replay(table, {
    id: 'CVE-2025-15284',
    pkg: 'qs <6.14.1',
    title: '`a[]=` is held to the array limit indexed keys are held to',
    shownOn: 'express@4.21.2 (qs 6.13.0)',
    vulnerable: () => vulnerable<AnyFramework>('express-4-21-2'),
    target: withQuery,
    async fires (framework) {
      for (const n of [25, 150, 1200]) {
        const brackets = await parsedA(framework, '?' + Array.from({ length: n }, () => 'a[]=x').join('&'))
        const indexed = await parsedA(framework, '?' + Array.from({ length: n }, (_, i) => `a[${i}]=x`).join('&'))
        if (brackets.isArray !== indexed.isArray) {
          return saw(true, `${n} values: a[]= gives ${brackets.isArray ? 'an array' : 'an object'} of ${brackets.size}, a[i]= ${indexed.isArray ? 'an array' : 'an object'}`)
        }
      }
      return saw(false)
    }
  })
})
