// The small HTML page of the framework's own answers: the final handler's error page, static's folder redirect.

/**
 * A minimal HTML document titled `title`, with `body` preformatted. `body` is put in as it is:
 * escape it first.
 *
 * @example htmlDocument('Redirecting', 'Redirecting to ' + escapeHtml(location))
 */
export function htmlDocument (title: string, body: string): string {
  return '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>' + title +
    '</title>\n</head>\n<body>\n<pre>' + body + '</pre>\n</body>\n</html>\n'
}
