// A small web site on 127.0.0.1, for tests/crawl.bats to crawl with wget:
// pages, a page sent gzip-encoded whatever the client asks, a 301, a 404
// and no robots.txt (a 404 with an HTML body, as Python's http.server
// answers).  It listens on a port the system picks, writes the port to
// stdout, and stops by itself after 200 requests or 60 seconds.
import http from "node:http";
import zlib from "node:zlib";

const page = (title, body) => `<!DOCTYPE html>\n<html><head><meta charset="utf-8">` +
  `<title>${title}</title></head>\n<body><article><h1>${title}</h1>\n${body}\n` +
  `</article></body></html>\n`;
const site = {
  "/": page("Home", `<p>The home page of a small site, with links to its pages.</p>
<p><a href="/a.html">A</a> <a href="/b.html">B</a> <a href="/gz.html">Gz</a>
<a href="/old">Old</a> <a href="/missing.html">Missing</a></p>`),
  "/a.html": page("Page A", `<p>The first page of the site has a paragraph of its own.</p>
<p><a href="/">Home</a></p>`),
  "/b.html": page("Page B", `<p>The second page is the target of a permanent redirect.</p>`),
  "/gz.html": page("Page Gz", `<p>This page is always sent with Content-Encoding: gzip.</p>`),
};
let requests = 0;
const server = http.createServer((req, res) => {
  if (++requests >= 200) setImmediate(() => server.close());
  const path = req.url.split("?")[0];
  if (path === "/old") {
    res.writeHead(301, { Location: "/b.html", "Content-Type": "text/html" });
    return res.end(page("Moved", `<p>The page moved to <a href="/b.html">B</a>.</p>`));
  }
  if (!(path in site)) {
    res.writeHead(404, { "Content-Type": "text/html;charset=utf-8" });
    return res.end(`<!DOCTYPE HTML>\n<html><head><title>Error response</title></head>` +
      `<body><h1>Error response</h1><p>Error code: 404</p><p>Message: File not found.</p>` +
      `</body></html>\n`);
  }
  if (path === "/gz.html") {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" });
    return res.end(zlib.gzipSync(site[path]));
  }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(site[path]);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
setTimeout(() => process.exit(0), 60000).unref();
