// The small HTML page sent with a redirect; its body text must already be escaped.

/** A minimal HTML document with `title` and a preformatted, already-escaped `body`. */
export function htmlDocument (title: string, body: string): string {
  return '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>' + title +
    '</title>\n</head>\n<body>\n<pre>' + body + '</pre>\n</body>\n</html>\n'
}
