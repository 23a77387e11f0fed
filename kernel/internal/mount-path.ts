// What a router takes off `req.url` for the middleware it runs, and puts back: Express 4's router and router 2's alike.
import { getProtohost } from './request-url'

/**
 * One pass of a request through a router, as far as its URL goes: the router's `baseUrl` as the
 * request entered (`parentUrl`), the scheme and host of an absolute-form URL (`protohost`), and
 * what the last middleware run was given without (`removed`, and a `/` added in its place).
 */
export class MountPath {
  readonly parentUrl: string
  readonly protohost: string
  removed = ''
  slashAdded = false

  constructor (req: { url?: string, baseUrl?: string }) {
    this.parentUrl = req.baseUrl || ''
    this.protohost = getProtohost(req.url) || ''
  }

  /** Puts back what {@link enter} took off `req.url`, and the router's `baseUrl`. */
  leave (req: { url: string, baseUrl?: string }): void {
    if (this.slashAdded) {
      req.url = req.url.slice(1)
      this.slashAdded = false
    }
    const removed = this.removed
    if (removed.length !== 0) {
      const protohost = this.protohost
      req.baseUrl = this.parentUrl
      req.url = protohost + removed + req.url.slice(protohost.length)
      this.removed = ''
    }
  }

  /**
   * Takes a middleware's matched path (`layerPath`, a prefix of the pathname `path`) off
   * `req.url` and adds it to `req.baseUrl`, when it ends where a segment does (before a `/`, or
   * also before a `.` when `dotEnds`); false, changing nothing, when it does not.
   */
  enter (req: { url: string, baseUrl?: string }, layerPath: string, path: string, dotEnds: boolean): boolean {
    if (layerPath.length === 0) return true
    if (layerPath !== path.slice(0, layerPath.length)) return false
    const c = path[layerPath.length]
    if (c && c !== '/' && (!dotEnds || c !== '.')) return false
    const protohost = this.protohost
    this.removed = layerPath
    req.url = protohost + req.url.slice(protohost.length + layerPath.length)
    if (!protohost && req.url[0] !== '/') {
      req.url = '/' + req.url
      this.slashAdded = true
    }
    req.baseUrl = this.parentUrl + (layerPath[layerPath.length - 1] === '/' ? layerPath.substring(0, layerPath.length - 1) : layerPath)
    return true
  }
}
