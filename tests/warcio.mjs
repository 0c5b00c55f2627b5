// warcio (Webrecorder's WARC library for JavaScript) on crawlutils' WARC
// files, for tests/wet.bats.  NODE_PATH is not read for ES modules: the
// test gives the node_modules directory as $WARCIO_DIR.
//   node warcio.mjs read FILE   one line per record, as warcio reads it:
//                               TYPE URI OFFSET LENGTH DIGEST RECOMPUTED,
//                               the last the WARC-Block-Digest warcio
//                               computes for the block (sha1, base32)
//   node warcio.mjs write FILE gzip|plain
//                               a WARC file as warcio writes one: the
//                               records of a crawl, gzip- and
//                               br-encoded pages, chunks, a revisit, a
//                               resource, a 404
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = process.env.WARCIO_DIR;
const { WARCParser, WARCRecord, WARCSerializer } = await import(
  path.join(dir, "warcio", "dist", "index.js"));

async function read(file) {
  const parser = new WARCParser(fs.createReadStream(file), { parseHttp: false });
  for await (const record of parser) {
    const block = await record.readFully(false);
    const copy = WARCRecord.create({
      type: record.warcType, url: record.warcTargetURI ?? undefined,
      warcVersion: "WARC/1.0",
      warcHeaders: { "Content-Type": record.warcContentType ?? "" },
    }, [block]);
    const s = new WARCSerializer(copy, {
      digest: { algo: "sha-1", prefix: "sha1:", base32: true } });
    await s.digestRecord({ recompute: true });
    process.stdout.write([record.warcType, record.warcTargetURI ?? "",
      parser.offset, parser.recordLength, record.warcBlockDigest ?? "",
      copy.warcHeader("WARC-Block-Digest"), block.length].join("\t") + "\n");
  }
}

const html = (title, text) => `<!doctype html><html><head><title>${title}` +
  `</title></head><body><article><p>${text}</p></article></body></html>`;

async function* once(buf) { yield buf; }

const chunked = (parts) => parts.map((p) =>
  Buffer.byteLength(p).toString(16) + "\r\n" + p + "\r\n").join("") + "0\r\n\r\n";

function response(url, status, headers, body) {
  return WARCRecord.create({
    url, type: "response", date: "2024-05-01T12:00:00Z",
    warcVersion: "WARC/1.1", statusline: status, httpHeaders: headers,
  }, once(body));
}

async function write(file, how) {
  const enc = new TextEncoder();
  const records = [
    WARCRecord.createWARCInfo({ filename: path.basename(file),
      warcVersion: "WARC/1.1" }, { software: "warcio.js" }),
    WARCRecord.create({ url: "https://w.example/", type: "request",
      warcVersion: "WARC/1.1", statusline: "GET / HTTP/1.1",
      httpHeaders: { Host: "w.example" } }, once(new Uint8Array())),
    response("https://w.example/", "HTTP/1.1 200 OK",
      { "Content-Type": "text/html; charset=utf-8" },
      enc.encode(html("Plain page", "A page as the server sent it."))),
    response("https://w.example/gzip", "HTTP/1.1 200 OK",
      { "Content-Type": "text/html", "Content-Encoding": "gzip" },
      zlib.gzipSync(html("Gzip page", "A page the server sent gzip-encoded."))),
    response("https://w.example/br", "HTTP/1.1 200 OK",
      { "Content-Type": "text/html", "Content-Encoding": "br" },
      zlib.brotliCompressSync(html("Brotli page", "A page the server sent br-encoded."))),
    response("https://w.example/deflate", "HTTP/1.1 200 OK",
      { "Content-Type": "text/html", "Content-Encoding": "deflate" },
      zlib.deflateSync(html("Deflate page", "A page the server sent deflate-encoded."))),
    response("https://w.example/chunked", "HTTP/1.1 200 OK",
      { "Content-Type": "text/html", "Transfer-Encoding": "chunked" },
      enc.encode(chunked(["<title>Chunked page</title>",
        "<p>A page the server sent ", "in chunks."]))),
    response("https://w.example/missing", "HTTP/1.1 404 Not Found",
      { "Content-Type": "text/html" }, enc.encode(html("Not found", "Nothing here."))),
    WARCRecord.create({ url: "https://w.example/", type: "revisit",
      warcVersion: "WARC/1.1", statusline: "HTTP/1.1 200 OK",
      httpHeaders: { "Content-Type": "text/html" },
      warcHeaders: { "WARC-Profile":
        "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest" },
      refersToUrl: "https://w.example/", refersToDate: "2024-05-01T12:00:00Z" },
      once(new Uint8Array())),
    WARCRecord.create({ url: "file:///notes/resource.html", type: "resource",
      warcVersion: "WARC/1.1", warcHeaders: { "Content-Type": "text/html" } },
      once(enc.encode(html("Resource page", "A page kept as a resource record.")))),
  ];
  const out = fs.createWriteStream(file);
  for (const r of records)
    out.write(await WARCSerializer.serialize(r, { gzip: how === "gzip" }));
  await new Promise((ok) => out.end(ok));
}

const [cmd, file, how] = process.argv.slice(2);
if (cmd === "read") await read(file);
else if (cmd === "write") await write(file, how);
else { console.error("usage: warcio.mjs read FILE | write FILE gzip|plain"); process.exit(2); }
