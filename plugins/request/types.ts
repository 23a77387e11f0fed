// Public types of the request plugin: the helpers it adds to Request, and its settings, by declaration merging.
import type { RangeOptions } from './range'
import type { TrustFunction } from './trust-proxy'

export type { RangeOptions, TrustFunction }

/** One range of `req.range`: first and last byte, inclusive. */
export interface ByteRange {
  start: number
  end: number
}

/** The ranges `req.range` found, with their unit (`type`, usually `'bytes'`). */
export interface Ranges extends Array<ByteRange> {
  type: string
}

/** `req.range`'s failures: `-1` unsatisfiable, `-2` malformed. */
export type Result = -1 | -2

/** The ranges `req.range` found (`@types/express`'s name). */
export interface RequestRanges extends Ranges {}

/**
 * `req.accepts` and its kin: the first offer (a value, values, or an array) the request's header
 * accepts, or `false`; every accepted value, best first, without arguments.
 */
export interface Negotiation {
  (): string[]
  (offer: string): string | false
  (offers: readonly string[]): string | false
  (...offers: string[]): string | false
}

/** A `trust proxy` value (see the setting); `false`, `null` and `undefined` trust nothing. */
export type TrustProxySetting = boolean | number | string | readonly string[] | TrustFunction | null | undefined

declare module '../../kernel/types' {
  interface Settings {
    /**
     * Which proxies in front of the app to believe (`X-Forwarded-For`, `-Proto`, `-Host`): `true`
     * (all), a hop count, an address, subnet or pre-configured name (`loopback`, `linklocal`,
     * `uniquelocal`), a comma-separated list or an array of them, or a function `(addr, i) => boolean`.
     * Default false. Mounted apps inherit it unless they set their own.
     * @example app.set('trust proxy', 'loopback, 10.0.0.0/8')
     */
    'trust proxy': TrustProxySetting
    /** The compiled `trust proxy` (set by the framework when `trust proxy` is set). */
    'trust proxy fn': TrustFunction
    /** Dot-separated host labels dropped from the right to reach the subdomains. Default 2. */
    'subdomain offset': number
  }

  interface Request {
    /**
     * `'http'` or `'https'` (TLS). When the socket peer is trusted (`trust proxy`), the first
     * value of `X-Forwarded-Proto` when present.
     */
    readonly protocol: string
    /** `true` when `req.protocol` is `'https'`. */
    readonly secure: boolean
    /**
     * The client address: the socket peer, or, through trusted proxies (`trust proxy`), the
     * nearest untrusted `X-Forwarded-For` entry. `undefined` once the socket is gone.
     */
    readonly ip: string | undefined
    /** The `X-Forwarded-For` addresses the trusted proxies vouch for, client first; `[]` without trust. */
    readonly ips: string[]
    /**
     * Subdomains of `req.hostname`, nearest the domain first, after dropping `subdomain offset`
     * (default 2) labels: `tobi.ferrets.example.com` gives `['ferrets', 'tobi']`. `[]` for an IP host.
     */
    readonly subdomains: string[]
    /** The path part of `req.url`; inside a mounted app or router, without the mount path. */
    readonly path: string
    /**
     * The host name from `Host` (or the first `X-Forwarded-Host` value when the peer is trusted),
     * without the port; IPv6 literals keep their brackets. `undefined` at run time without a
     * host (typed `string`, as `@types/express` types it).
     */
    readonly hostname: string
    /** @deprecated Use `req.hostname`. */
    readonly host: string
    /**
     * `true` when the client's cached copy matches the response's `ETag` / `Last-Modified`
     * (GET, HEAD or QUERY; 2xx or 304). Read it after setting those headers.
     * @example if (req.fresh) return res.status(304).end()
     */
    readonly fresh: boolean
    /** The opposite of `req.fresh`. */
    readonly stale: boolean
    /** `true` when `X-Requested-With` is `XMLHttpRequest` (any case). */
    readonly xhr: boolean

    /**
     * A request header by case-insensitive name; `Referer` and `Referrer` are interchangeable.
     * @throws TypeError when `name` is missing or not a string.
     * @example req.get('content-type') // 'application/json'
     */
    get (name: 'set-cookie' | 'Set-Cookie'): string[] | undefined
    get (name: string): string | undefined
    /** Alias of {@link Request.get}. */
    header (name: 'set-cookie' | 'Set-Cookie'): string[] | undefined
    header (name: string): string | undefined

    /**
     * The best offered type for `Accept` (extension names or media types), or `false`
     * (answer 406). Without arguments, every accepted type, best first.
     * @example req.accepts(['json', 'html']) // 'json'
     */
    accepts: Negotiation
    /** The first offered charset acceptable per `Accept-Charset`, or `false`; all of them without arguments. */
    acceptsCharsets: Negotiation
    /** The first offered encoding acceptable per `Accept-Encoding`, or `false`; all of them without arguments. */
    acceptsEncodings: Negotiation
    /** The first offered language acceptable per `Accept-Language`, or `false`; all of them without arguments. */
    acceptsLanguages: Negotiation
    /** @deprecated Use `req.acceptsCharsets`. */
    acceptsCharset (...charsets: Array<string | readonly string[]>): string | string[] | false
    /** @deprecated Use `req.acceptsEncodings`. */
    acceptsEncoding (...encodings: Array<string | readonly string[]>): string | string[] | false
    /** @deprecated Use `req.acceptsLanguages`. */
    acceptsLanguage (...langs: Array<string | readonly string[]>): string | string[] | false

    /**
     * The first of `types` matching the body's `Content-Type` (`'json'`, `'text/*'`,
     * `'application/*+json'`…), `false` when none does, `null` when there is no body.
     * @example req.is('json') // 'json' for application/json
     */
    is (type: string | readonly string[], ...types: string[]): string | false | null
    /**
     * The `Range` header for a resource of `size` bytes: ranges with a `type`, `-1` when
     * unsatisfiable, `-2` when malformed, `undefined` without the header.
     */
    range (size: number, options?: RangeOptions): Ranges | Result | undefined
    /**
     * `name` from `req.params`, else `req.body`, else `req.query`, else `defaultValue`.
     * `any`: the value is whatever the route, the body parser or the query parser produced.
     * @deprecated Use `req.params`, `req.body` or `req.query`.
     */
    param (name: string, defaultValue?: any): any
  }
}
