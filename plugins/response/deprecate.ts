// The deprecation reporter shared by the response helpers (warns once per call site, on stderr).
import depd from 'depd'

/** Reports a deprecated form under the framework's namespace (silenced by `--no-deprecation`). */
export const deprecate: (message: string) => void = depd('ristretto')
