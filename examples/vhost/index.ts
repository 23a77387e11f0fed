// Virtual hosts: one server, an app per host name with the vhost middleware; *.localhost resolves to this machine.
import express = require('../../presets/default')
import vhost from 'vhost'
import escapeHtml from 'escape-html'
import { listen } from '../support'
import type { Request } from '../../kernel'

/** The domain served; browsers resolve localhost and *.localhost to this machine. */
const DOMAIN = process.env.VHOST_DOMAIN || 'localhost'
/** Trailing `:port` of a Host header. */
const HOST_PORT = /:(\d{1,5})$/

/** What vhost adds: the matched host name and the values of its `*` wildcards. */
type VhostRequest = Request & { vhost: { hostname: string, length: number, [index: number]: string } }

const profiles: Record<string, string> = {
  tobi: 'Tobi likes naps and treats.',
  loki: 'Loki chases his tail.'
}

/** `http://<host>:<port of this request>/`, for links between the hosts. */
function urlFor (req: Request, host: string): string {
  const port = HOST_PORT.exec(req.get('host') ?? '')
  return `${req.protocol}://${host}${port ? `:${port[1]}` : ''}/`
}

// DOMAIN itself: the home page.
const main = express()
main.get('/', function home (req, res) {
  const links = Object.keys(profiles).map((name) => {
    const url = urlFor(req, `${name}.${DOMAIN}`)
    return `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`
  })
  res.send(`<h1>Home of ${escapeHtml(DOMAIN)}</h1><p>Each user has a host:</p><ul>${links.join('')}</ul>`)
})

// www.DOMAIN: a permanent redirect to DOMAIN, keeping the path.
const www = express()
www.use(function toBareDomain (req, res) {
  res.redirect(301, urlFor(req, DOMAIN).slice(0, -1) + req.originalUrl)
})

// <name>.DOMAIN: the user named by the subdomain.
const userPages = express()
userPages.get('/', function profile (req, res) {
  const name = (req as VhostRequest).vhost[0].toLowerCase()
  const text = Object.prototype.hasOwnProperty.call(profiles, name) ? profiles[name] : undefined
  if (!text) {
    res.status(404).send(`<p>No user called ${escapeHtml(name)}. <a href="${escapeHtml(urlFor(req, DOMAIN))}">Home</a></p>`)
    return
  }
  res.send(`<h1>${escapeHtml(name)}</h1><p>${escapeHtml(text)}</p>`)
})

const app = express()
app.use(vhost(`www.${DOMAIN}`, www))
app.use(vhost(DOMAIN, main))
app.use(vhost(`*.${DOMAIN}`, userPages))

// No host matched, or the matched app had no route: a 404 naming the host.
app.use(function unknownHost (req, res) {
  res.status(404).send(`<p>Nothing for ${escapeHtml(req.hostname ?? 'this host')} at ${escapeHtml(req.path)}.</p>`)
})

export = app

if (require.main === module) listen(app, 'vhost')
