// Advisories of Express itself that the 4.22 and 5.x lines fix: redirects built from request data.
import { describe } from 'node:test'
import { send, query, vulnerable, withHelpers, type AnyFramework, type Target } from './support'
import { recorder } from './results'
import { replay, saw } from './replay'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks */

const table = recorder('express')

/** Where the app runs, for resolving a Location as a browser on one of its pages does. */
const BASE = 'http://app.example/p/'

/** The `to` parameter, read from the raw URL so that no query parser stands between the client and the handler. */
function target (req: any): string {
  return new URL(req.url as string, BASE).searchParams.get('to') ?? ''
}

const withRedirects = (t: Target): AnyFramework | { na: string } => withHelpers(t, 'res.redirect')

describe('express: open redirect and redirect XSS', () => {
  // An app checks a redirect target against an allow-list of hosts, reading it the way browsers
  // do (WHATWG URL), then hands it to res.location. Express 4.19.1 re-encodes the target so that
  // the host a browser reads in the Location is another one (`\` becomes `%5C`, turning
  // `google.com\@apple.com` into user info before `apple.com`).
  const ALLOW_LIST_BYPASSES = ['//google.com\\@apple.com', 'http://google.com\\@apple.com', 'HTTPS://google.com\\@apple.com', 'https:google.com\\@apple.com']

  replay(table, {
    id: 'CVE-2024-29041',
    pkg: 'express <4.19.2',
    title: 'a Location leads to the host an allow-list saw in the target',
    shownOn: 'express@4.19.1',
    vulnerable: () => vulnerable<AnyFramework>('express-4-19-1'),
    target: withRedirects,
    async fires (framework) {
      const app = framework()
      app.get('/l', (req: any, res: any) => { res.location(target(req)).end() })
      for (const to of ALLOW_LIST_BYPASSES) {
        const location = (await send(app, 'GET', '/l' + query({ to }))).header('location') ?? ''
        const allowed = new URL(to, BASE).host
        const reached = URL.canParse(location, BASE) ? new URL(location, BASE).host : allowed
        if (reached !== allowed && reached !== new URL(BASE).host) return saw(true, `${to} -> Location ${location} reaches ${reached}, the allow-list saw ${allowed}`)
      }
      return saw(false)
    }
  })

  // In Express 4.19.2, res.redirect's HTML body carries the target as a link: escaping cannot
  // make a `javascript:` URL harmless, so a page that redirects to a sanitised user target runs
  // script when the link is followed.
  replay(table, {
    id: 'CVE-2024-43796',
    pkg: 'express <4.20.0',
    title: 'the HTML body of res.redirect carries no link to the target',
    shownOn: 'express@4.19.2',
    vulnerable: () => vulnerable<AnyFramework>('express-4-19-2'),
    target: withRedirects,
    async fires (framework) {
      const app = framework()
      app.get('/r', (req: any, res: any) => { res.redirect(target(req)) })
      const answer = await send(app, 'GET', '/r' + query({ to: 'javascript:alert(document.domain)//' }), { Accept: 'text/html' })
      return saw(/<a\s[^>]*href\s*=\s*["']?\s*javascript:/i.test(answer.text), answer.text)
    }
  })
})
