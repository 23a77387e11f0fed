// Advisories of cookie, as Express apps meet it: res.cookie with a name, path or domain taken
// from the request.
import { describe } from 'node:test'
import { send, query, vulnerable, withHelpers, type AnyFramework } from './support'
import { recorder } from './results'
import { replay, saw } from './replay'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks */

const table = recorder('cookie')

describe('cookie: characters out of bounds in name, path and domain', () => {
  // cookie 0.6.0 checks a cookie's name, path and domain against a set that allows `;` and
  // `=`, so a value from the request can end the attribute and add its own (another Domain,
  // another cookie). Each of the three is tried; any Set-Cookie carrying the injected
  // attribute fires (a refusal, thrown or answered, does not).
  const INPUTS: ReadonlyArray<Record<string, string>> = [
    { name: 'sid=forged; Domain=evil.example; x' },
    { name: 'n', path: '/; Domain=evil.example' },
    { name: 'n', domain: 'app.example; Domain=evil.example' }
  ]
  replay(table, {
    id: 'CVE-2024-47764',
    pkg: 'cookie <0.7.0 (express <4.21.1)',
    title: 'res.cookie refuses a name, path or domain that would add an attribute',
    shownOn: 'express@4.19.2 (cookie 0.6.0)',
    vulnerable: () => vulnerable<AnyFramework>('express-4-19-2'),
    target: (t) => withHelpers(t, 'res.cookie'),
    async fires (framework) {
      const app = framework()
      app.get('/c', (req: any, res: any) => {
        const params = new URL(req.url as string, 'http://app.example').searchParams
        try {
          res.cookie(params.get('name'), 'value', { path: params.get('path') ?? undefined, domain: params.get('domain') ?? undefined })
          res.end()
        } catch {
          res.statusCode = 400
          res.end('refused')
        }
      })
      for (const input of INPUTS) {
        const setCookie = (await send(app, 'GET', '/c' + query(input))).header('set-cookie') ?? ''
        if (/domain=evil\.example/i.test(setCookie)) return saw(true, `${JSON.stringify(input)} -> Set-Cookie: ${setCookie}`)
      }
      return saw(false)
    }
  })
})
