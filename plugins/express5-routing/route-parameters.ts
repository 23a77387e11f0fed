// The `req.params` type of a path-to-regexp 8 path string, read from the path at compile time.
import type { ParamsDictionary } from '../../kernel'

/** The characters of an unquoted parameter name (ASCII identifier characters; other names read as quoted ones). */
type NameChar =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
  | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
  | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M'
  | 'N' | 'O' | 'P' | 'Q' | 'R' | 'S' | 'T' | 'U' | 'V' | 'W' | 'X' | 'Y' | 'Z'
  | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '_' | '$'

/** `[name, rest]`: the name at the start of `S` (`"quoted"` or identifier characters) and what follows it. */
type SplitName<S extends string> = S extends `"${infer Quoted}"${infer Rest}` ? [Quoted, Rest] : SplitPlain<S>
type SplitPlain<S extends string, Name extends string = ''> =
  S extends `${infer C}${infer Rest}`
    ? C extends NameChar ? SplitPlain<Rest, `${Name}${C}`> : [Name, S]
    : [Name, S]

/** One parameter found: its name, whether it is a wildcard (an array of segments), and whether it sits in an optional group. */
interface Found { name: string, wildcard: boolean, optional: boolean }

/**
 * Walks the path one token at a time: `\x` is literal text, `{` and `}` open and close an
 * optional group (`Depth` counts the groups open), `:name` and `*name` are parameters.
 */
type Walk<S extends string, Depth extends unknown[], F extends Found> =
  S extends `\\${string}${infer Rest}` ? Walk<Rest, Depth, F>
    : S extends `{${infer Rest}` ? Walk<Rest, [...Depth, 0], F>
      : S extends `}${infer Rest}` ? Walk<Rest, Depth extends [unknown, ...infer Outer] ? Outer : [], F>
        : S extends `:${infer Rest}` ? Param<SplitName<Rest>, Depth, F, false>
          : S extends `*${infer Rest}` ? Param<SplitName<Rest>, Depth, F, true>
            : S extends `${string}${infer Rest}` ? Walk<Rest, Depth, F>
              : F

type Param<Split, Depth extends unknown[], F extends Found, Wildcard extends boolean> =
  Split extends [infer Name extends string, infer Rest extends string]
    ? Walk<Rest, Depth, F | { name: Name, wildcard: Wildcard, optional: Depth extends [] ? false : true }>
    : never

type ValueOf<F extends Found> = F['wildcard'] extends true ? string[] : string

/**
 * The type of `req.params` for a path-to-regexp 8 path: `:name` gives `name: string`, `*name`
 * gives `name: string[]` (the segments), and a parameter inside `{…}` is optional. A path that is
 * not a literal type gives {@link ParamsDictionary}.
 *
 * @example
 * type P = RouteParameters<'/users/:id{.:format}'> // { id: string; format?: string }
 * type W = RouteParameters<'/files/*path'> // { path: string[] }
 */
export type RouteParameters<Path extends string> =
  string extends Path
    ? ParamsDictionary
    : Walk<Path, [], never> extends infer F extends Found
      ? { [K in F as K['optional'] extends false ? K['name'] : never]: ValueOf<K> } &
        { [K in F as K['optional'] extends true ? K['name'] : never]?: ValueOf<K> } extends infer Both
        ? { [K in keyof Both]: Both[K] }
        : never
      : never
