// What res.links may write when its framework's policy checks links: each URL stays inside its
// `<…>` and each relation inside its quotes, so no value can add a link of its own (CVE-2024-10491).
import { ErrorCode } from '../../kernel'

/** Characters that end a link's `<…>` target or the header: `<`, `>` and control characters. */
const TARGET_BREAKOUT = /[<>\x00-\x1f\x7f]/
/** Characters that end a relation's quoted string or the header: `"`, `\` and control characters. */
const RELATION_BREAKOUT = /["\\\x00-\x1f\x7f]/

/** A TypeError with `code` `RST_LINK_REFUSED`, naming the refused value. */
function refused (message: string): TypeError {
  return Object.assign(new TypeError(message), { code: ErrorCode.LINK_REFUSED })
}

/**
 * Throws when `url` or `rel` would break out of `<url>; rel="rel"`.
 * @throws TypeError `RST_LINK_REFUSED`, naming the value (percent-encode a URL with `encodeURI` first).
 */
export function checkLink (rel: string, url: string): void {
  if (TARGET_BREAKOUT.test(url)) {
    throw refused(`res.links: the URL ${JSON.stringify(url)} of relation ${JSON.stringify(rel)} has a character that ends its <…> target; percent-encode it (encodeURI)`)
  }
  if (RELATION_BREAKOUT.test(rel)) {
    throw refused(`res.links: the relation ${JSON.stringify(rel)} has a character that ends its quoted rel="…"`)
  }
}
