// Advisories of send and serve-static: the redirect a folder gets, and where it leads.
import fs from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import { describe } from 'node:test'
import { send, query, vulnerable, withHelpers, type AnyFramework } from './support'
import { recorder, scratchDir } from './results'
import { replay, saw } from './replay'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks */

const table = recorder('send-and-static')

/**
 * A served folder: `dir/`, and `javascript:alert(1);/a/` (a folder whose path, followed by the
 * `/` a folder redirect adds, reads as a script URL).
 */
const ROOT = scratchDir('static')
fs.mkdirSync(path.join(ROOT, 'dir'))
fs.mkdirSync(path.join(ROOT, 'javascript:alert(1);', 'a'), { recursive: true })

/** A link in an HTML body whose target is a `javascript:` URL. */
const SCRIPT_LINK = /<a\s[^>]*href\s*=\s*["']?\s*javascript:/i
/** Any link in an HTML body. */
const ANY_LINK = /<a\s[^>]*href/i

describe('send and serve-static: folder redirects', () => {
  // send 0.18.0's own folder redirect (SendStream.redirect) writes the new location into its
  // HTML body as a link; a path given to send (an app's `send(req, req.query.path, { root })`)
  // that names a folder like `javascript:alert(1);/a` becomes a script link. Express's API never
  // reaches that redirect (express.static has its own, res.sendFile answers a folder with
  // EISDIR), so the targets are checked on the same folder through res.sendFile and
  // express.static: no answer may carry a script link.
  replay(table, {
    id: 'CVE-2024-43799',
    pkg: 'send <0.19.0 (express <4.20.0)',
    title: 'a folder redirect carries no link built from the path',
    shownOn: 'send@0.18.0',
    vulnerable: () => vulnerable('send-0-18-0'),
    target: (t) => withHelpers(t, 'res.sendFile or static'),
    async fires (subject: any) {
      const name = 'javascript:alert(1);/a'
      if (typeof subject.static !== 'function') {
        // send itself: the path comes from the query, as the advisory's apps pass it.
        const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
          subject(req, new URL(req.url!, 'http://app.example').searchParams.get('path'), { root: ROOT }).pipe(res)
        }
        const answer = await send(handler, 'GET', '/' + query({ path: name }))
        return saw(SCRIPT_LINK.test(answer.text), answer.text)
      }
      const app = (subject as AnyFramework)()
      app.get('/file', (req: any, res: any) => {
        res.sendFile(new URL(req.url as string, 'http://app.example').searchParams.get('path'), { root: ROOT }, (err: any) => { res.statusCode = err?.status ?? 500; res.end() })
      })
      app.use(subject.static(ROOT))
      for (const [target, answer] of [
        ['/file' + query({ path: name }), await send(app, 'GET', '/file' + query({ path: name }))],
        ['/' + encodeURI(name), await send(app, 'GET', '/' + encodeURI(name))]
      ] as const) {
        if (SCRIPT_LINK.test(answer.text)) return saw(true, `${target}: ${answer.text}`)
      }
      return saw(false)
    }
  })

  // serve-static 1.15.0's folder redirect (`/dir` to `/dir/`) writes the location into its HTML
  // body as a link built from the request's path; the fixed page names it as text only.
  replay(table, {
    id: 'CVE-2024-43800',
    pkg: 'serve-static <1.16.0 (express <4.20.0)',
    title: 'the static folder redirect carries no link built from the path',
    shownOn: 'express@4.19.2 (serve-static 1.15.0)',
    vulnerable: () => vulnerable<AnyFramework>('express-4-19-2'),
    target: (t) => withHelpers(t, 'static'),
    async fires (framework) {
      const app = framework()
      app.use(framework.static(ROOT))
      const answer = await send(app, 'GET', '/dir', { Accept: 'text/html' })
      return saw(answer.status === 301 && ANY_LINK.test(answer.text), `${answer.status} ${answer.text}`)
    }
  })

  // A request for `//evil.example/%2e%2e` names the root folder (`/evil.example/..`), and the
  // folder redirect of serve-static 1.7.1 sends the path back with its leading `//`: a
  // protocol-relative Location to another host.
  replay(table, {
    id: 'CVE-2015-1164',
    pkg: 'serve-static <1.7.2 (express <4.11.1)',
    title: 'the static folder redirect never leads to another host',
    shownOn: 'serve-static@1.7.1',
    vulnerable: () => ({ static: vulnerable('serve-static-1-7-1') }),
    target: (t) => {
      const framework = withHelpers(t, 'static')
      return typeof framework === 'function' ? { static: framework.static, framework } : framework
    },
    async fires ({ static: serveStatic, framework }: { static: any, framework?: AnyFramework }) {
      const app = framework ? framework() : (req: any, res: any) => { serveStatic(ROOT)(req, res, () => { res.statusCode = 404; res.end() }) }
      if (framework) app.use(serveStatic(ROOT))
      for (const target of ['//evil.example/%2e%2e', '//evil.example/%2e%2e/dir', '///evil.example/%2e%2e']) {
        const location = (await send(app, 'GET', target)).header('location')
        if (location !== undefined && new URL(location, 'http://app.example/').host !== 'app.example') return saw(true, `${target} -> Location ${location}`)
      }
      return saw(false)
    }
  })
})
