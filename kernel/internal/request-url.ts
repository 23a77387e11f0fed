// The parts of a request URL a router reads: the pathname, and the scheme and host of an absolute URL.
import parseUrl from 'parseurl'

/** The request's pathname (parsed once per URL by parseurl), or undefined when it cannot be parsed. */
export function getPathname (req: any): string | undefined {
  try {
    return parseUrl(req)!.pathname ?? undefined
  } catch {
    return undefined
  }
}

/** `scheme://host` of an absolute request URL, so mounting rewrites only the path. */
export function getProtohost (url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length === 0 || url[0] === '/') return undefined
  const searchIndex = url.indexOf('?')
  const pathLength = searchIndex !== -1 ? searchIndex : url.length
  const fqdnIndex = url.slice(0, pathLength).indexOf('://')
  return fqdnIndex !== -1 ? url.substring(0, url.indexOf('/', 3 + fqdnIndex)) : undefined
}
