// The options of the hardened plugin: one switch per protection, every one on unless turned off.
import { ErrorCode } from '../../kernel'
import type { SymlinkPolicy } from '../file-transfer'
import { checkOptions, describeOptions } from '../shared/options'

/** Options of `hardenedPlugin(options)`. Each protection is on by default; name it to turn it off or tune it. */
export interface HardenedOptions {
  /**
   * res.download without `root` refuses a path with a `..` segment (403) before resolving it,
   * as res.sendFile does, instead of following it. Default true.
   */
  confineDownloads?: boolean
  /**
   * `'inside-root'` (default): with a root (framework.static, res.sendFile and res.download with
   * `root`), a file whose real path leaves the root through a symbolic link is refused (403).
   * `'follow'`: links are followed, as in Express 4. A transfer's own `symlinks` option wins.
   */
  symlinks?: SymlinkPolicy
  /**
   * A folder whose name starts with a dot, anywhere in the path (`/.git/config`), is treated as a
   * dotfile: transfers that set neither `dotfiles` nor `hidden` use `dotfiles: 'ignore'` (404).
   * Without a root, every segment of the absolute path counts. Default true.
   */
  dotDirectories?: boolean
  /** `__proto__`, `constructor` and `prototype` keys are dropped, at any depth, from parsed JSON and urlencoded bodies and from `req.query`. Default true. */
  dropPrototypeKeys?: boolean
  /**
   * Milliseconds a body read by `framework.json`, `.raw`, `.text` or `.urlencoded` may send
   * nothing (before its first chunk, then between chunks) before it is answered with a 408
   * (`code` `RST_BODY_TIMEOUT`) and its connection closed; 0 or false waits as node's
   * `requestTimeout` lets it. Default 5000.
   */
  bodyIdleTimeout?: number | false
  /** res.location and res.redirect write `\` as `%5C`, so `/\evil.example` cannot reach another host. Default true. */
  encodeBackslashes?: boolean
  /** The `EISDIR` error res.sendFile and res.download give their callback for a folder has `status` 404, so `next(err)` answers 404, not 500. Default true. */
  directoryNotFound?: boolean
  /**
   * res.links refuses (a TypeError, `RST_LINK_REFUSED`) a URL with `<`, `>` or a control
   * character, or a relation with `"`, `\` or a control character: values that would add a link
   * of their own to the `Link` header. Default true.
   */
  checkLinks?: boolean
  /**
   * The locals of a render (the render call's and `res.locals`) cannot set what the view's
   * engine reads as options (ejs's `outputFunctionName`, `client`, `escapeFunction`; pug's
   * `pretty`; handlebars' `noEscape`; Express's `settings`…): those take their `app.locals` value
   * or none, so `res.render(view, req.query)` cannot run code. Default true.
   */
  isolateRenderLocals?: boolean
  /**
   * The final handler's error page shows the status's reason phrase in every env, never the
   * error's stack or message (which carry absolute paths), as Express does in `production`
   * only. The error is still logged. Default true.
   */
  hideErrorStacks?: boolean
}

/** The options with every value decided. */
export interface ResolvedHardenedOptions {
  readonly confineDownloads: boolean
  readonly symlinks: SymlinkPolicy
  readonly dotDirectories: boolean
  readonly dropPrototypeKeys: boolean
  /** Milliseconds; 0 for none. */
  readonly bodyIdleTimeout: number
  readonly encodeBackslashes: boolean
  readonly directoryNotFound: boolean
  readonly checkLinks: boolean
  readonly isolateRenderLocals: boolean
  readonly hideErrorStacks: boolean
}

/** The default idle time allowed to a request body, in milliseconds. */
export const DEFAULT_BODY_IDLE_TIMEOUT = 5000

/** The options of `hardenedPlugin`, as it checks them and docs/reference.md lists them. */
export const HARDENED_OPTIONS = describeOptions('hardenedPlugin', [
  { name: 'confineDownloads', type: ['boolean'], default: 'true', effect: '`res.download` without `root` refuses a path with a `..` segment (403) before resolving it, as `res.sendFile` does' },
  { name: 'symlinks', type: ["'inside-root'", "'follow'"], default: "'inside-root'", effect: "with a root (`static`, `sendFile`/`download` with `root`), a file whose real path leaves the root through a symbolic link is refused (403); `'follow'` follows links as Express 4 does; a transfer's own `symlinks` wins" },
  { name: 'dotDirectories', type: ['boolean'], default: 'true', effect: "a folder starting with a dot anywhere in the path (`/.git/config`) is a dotfile: transfers that set neither `dotfiles` nor `hidden` use `dotfiles: 'ignore'` (404)" },
  { name: 'dropPrototypeKeys', type: ['boolean'], default: 'true', effect: '`__proto__`, `constructor` and `prototype` keys are dropped, at any depth, from parsed JSON and urlencoded bodies and from `req.query`' },
  { name: 'bodyIdleTimeout', type: ['number', 'false'], default: '5000', effect: `milliseconds a body read by \`framework.json\`/\`.raw\`/\`.text\`/\`.urlencoded\` may send nothing before a 408 (\`${ErrorCode.BODY_TIMEOUT}\`) and a closed connection; 0 or false: node's \`requestTimeout\` only` },
  { name: 'encodeBackslashes', type: ['boolean'], default: 'true', effect: '`res.location` and `res.redirect` write `\\` as `%5C`, so `/\\evil.example` cannot reach another host' },
  { name: 'directoryNotFound', type: ['boolean'], default: 'true', effect: 'the `EISDIR` error `res.sendFile` and `res.download` give their callback for a folder has `status` 404, so `next(err)` answers 404, not 500' },
  { name: 'checkLinks', type: ['boolean'], default: 'true', effect: `\`res.links\` throws a TypeError (\`${ErrorCode.LINK_REFUSED}\`) for a URL with \`<\`, \`>\` or a control character, or a relation with \`"\`, \`\\\` or a control character, which would add a link of their own` },
  { name: 'isolateRenderLocals', type: ['boolean'], default: 'true', effect: "a render's own locals (the call's and `res.locals`) cannot set what the view's engine reads as options (ejs's `outputFunctionName`, pug's `pretty`, Express's `settings`…): those take their `app.locals` value or none" },
  { name: 'hideErrorStacks', type: ['boolean'], default: 'true', effect: "the final handler's error page shows the status's reason phrase in every env, never the error's stack or message (as Express does in `production` only); the error is still logged" }
])

const BOOLEAN_OPTIONS = ['confineDownloads', 'dotDirectories', 'dropPrototypeKeys', 'encodeBackslashes', 'directoryNotFound', 'checkLinks', 'isolateRenderLocals', 'hideErrorStacks'] as const

/**
 * Checks and completes the options.
 * @throws PluginError `RST_PLUGIN_OPTIONS` for an unknown option or a value of the wrong type;
 * TypeError for a negative or infinite `bodyIdleTimeout`.
 */
export function resolveHardenedOptions (options: HardenedOptions = {}): ResolvedHardenedOptions {
  checkOptions(HARDENED_OPTIONS, options)
  const flags = {} as Record<typeof BOOLEAN_OPTIONS[number], boolean>
  for (const name of BOOLEAN_OPTIONS) flags[name] = options[name] !== false
  const symlinks = options.symlinks ?? 'inside-root'
  const idle = options.bodyIdleTimeout ?? DEFAULT_BODY_IDLE_TIMEOUT
  if (idle !== false && (!(idle >= 0) || !Number.isFinite(idle))) {
    throw new TypeError('hardenedPlugin option bodyIdleTimeout must be a number of milliseconds (0 or more) or false')
  }
  return { ...flags, symlinks, bodyIdleTimeout: idle === false ? 0 : idle }
}
