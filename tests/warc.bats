# The document sources of htmltext and htmllinks: WARC files (--warc),
# records ID TAB HTML (--tsv), mirrored files (--url-from-path).  The
# WARC files are made here: by bench/warcgen (a few hundred pages the
# way crawlers write them) and by hand (each malformed case).
bats_require_minimum_version 1.5.0
load helper
load warc

PROG=htmltext
GEN="$CRAWLUTILS_BIN/../bench/warcgen"

@test "warc: a crawl of 300 pages: one record per HTML response, the URIs as IDs, the texts of the plain files" {
	mkdir pages
	"$GEN" -t -d pages 300 > crawl.warc
	run --separate-stderr htmltext -v --warc crawl.warc
	assert_failure 1
	# the truncated last record (page 299) is the one message, with its offset
	off=$(grep -abo 'WARC/1.1' crawl.warc | tail -1 | cut -d: -f1)
	assert_equal "$stderr" "htmltext: crawl.warc: offset $off: truncated record: 757 of 1515 bytes
htmltext: 634 WARC records: 299 HTML, 0 text, 300 request, 1 warcinfo, 11 metadata, 11 revisit, 11 non-HTML, 0 other, 1 bad; skipped for their HTTP status: 0 1xx, 0 2xx, 0 3xx, 0 4xx, 0 5xx, 0 without one
htmltext: documents: 300 read, 299 written, 1 rejected"
	printf '%s\n' "${lines[@]}" > warc.tsv
	cut -f1 warc.tsv > ids
	cmp ids pages/ids
	(cd pages && htmltext ./*.html) > plain.tsv
	cut -f2- warc.tsv > a
	cut -f2- plain.tsv > b
	cmp a b
	# the pages whose charset only the HTTP header names decode by it
	htmltext --meta --warc crawl.warc 2>/dev/null | cut -f3,4 | LC_ALL=C sort | uniq -c > how
	assert_bytes how '    249 UTF-8\tutf8\n     50 windows-1252\theader\n'
	grep -q 'café' a
	# a pipe is as good as a file; htmllinks reads the same records
	htmltext --warc < crawl.warc 2>/dev/null | cmp - warc.tsv
	htmllinks --warc crawl.warc 2>/dev/null | cut -f1 | uniq > lids
	cmp lids pages/ids
	htmllinks --warc --same-host crawl.warc 2>/dev/null | head -2 > l2
	assert_bytes l2 'https://site0.example.com/p/0\thttps://site0.example.com/\nhttps://site0.example.com/p/0\thttps://site0.example.com/about\n'
}

@test "warc: every record type skipped and counted; HTTP details: charset, chunks, LF headers, no Content-Type, resources, WET text" {
	{
		rec warcinfo '' 'software: test\r\n'
		rec request http://a.example/ 'GET / HTTP/1.1\r\nHost: a.example\r\n\r\n'
		rec response http://a.example/ 'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1252\r\n\r\n<title>A</title><p>Un caf\351 cr\350me, deux caf\351s cr\350mes.</p>'
		rec response http://a.example/c 'HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n19\r\n<p>Chunked body of a page\r\n9;x=y\r\n, it says\r\n0\r\n\r\n'
		rec response http://a.example/i.png 'HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\211PNG\r\n'
		rec response dns:a.example '20240101000000\na.example. 60 IN A 10.0.0.1\n'
		rec revisit http://a.example/ 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'
		rec metadata http://a.example/ 'outlink: http://b.example/\r\n'
		rec resource file:///tmp/r.html '<!doctype html><p>A resource record of a page.</p>'
		rec conversion http://a.example/ 'text\r\nof a WET record\r\n'
		rec continuation http://a.example/ 'x'
		rec response http://a.example/json 'HTTP/1.1 200 OK\r\n\r\n{"a": "<p>not a page</p>"}'
	} > t.warc
	run --separate-stderr htmltext -v --warc t.warc
	assert_success
	assert_output - <<-'EOF'
	http://a.example/	A	Un café crème, deux cafés crèmes.
	http://a.example/c	c	Chunked body of a page, it says
	file:///tmp/r.html	r	A resource record of a page.
	http://a.example/		text\nof a WET record
	EOF
	assert_equal "$stderr" "htmltext: 12 WARC records: 3 HTML, 1 text, 1 request, 1 warcinfo, 1 metadata, 1 revisit, 2 non-HTML, 1 other, 0 bad; skipped for their HTTP status: 0 1xx, 0 2xx, 0 3xx, 0 4xx, 0 5xx, 1 without one
htmltext: documents: 4 read, 4 written, 0 rejected"
	# htmllinks has no use for text: conversion records are "other"
	run --separate-stderr htmllinks -v --warc t.warc
	assert_success
	assert_equal "$(echo "$stderr" | head -1)" "htmllinks: 12 WARC records: 3 HTML, 0 text, 1 request, 1 warcinfo, 1 metadata, 1 revisit, 2 non-HTML, 2 other, 0 bad; skipped for their HTTP status: 0 1xx, 0 2xx, 0 3xx, 0 4xx, 0 5xx, 1 without one"
}

@test "warc: malformed and truncated records: file: offset N: reason, --rejects ID TAB OFFSET TAB REASON, the run goes on" {
	{
		rec response http://a.example/1 'HTTP/1.1 200 OK\r\n\r\n<p>first page text</p>'
		printf 'GARBAGE\r\n\r\n'
		rec response http://a.example/2 'HTTP/1.1 200 OK\r\n\r\n<p>second page text</p>'
		printf 'WARC/1.0\r\nWARC-Type: response\r\nContent-Length: ten\r\n\r\nxx\r\n\r\n'
		rec response http://a.example/3 'HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Type: text/html\r\n\r\n\037\213'
		rec response http://a.example/4 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<p>ab\r\nzz\r\n'
		printf 'WARC/0.17\r\nWARC-Type: response\r\nContent-Length: 2\r\n\r\nxx\r\n\r\n'
		rec response http://a.example/5 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>a page larger than the limit we set</p>'
		rec response http://a.example/6 'HTTP/1.1 200 OK\r\n\r\n<p>sixth page text</p>'
		rec response http://a.example/7 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n\1\1\1\1\1\2\3\4\5\6<p>'
		printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://a.example/cut\r\nContent-Length: 500\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<p>cut'
	} > bad.warc
	o() { grep -abo "$1" bad.warc | head -1 | cut -d: -f1; }
	g=$(o GARBAGE)
	ten=$(o 'WARC/1.0')
	gz=$(grep -abo 'WARC/[01]' bad.warc | sed -n 4p | cut -d: -f1)
	run --separate-stderr htmltext --max-bytes 40 --rejects rej --warc bad.warc
	assert_failure 1
	assert_equal "${#lines[@]}" 3
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f1 | tr '\n' ' ')" "http://a.example/1 http://a.example/2 http://a.example/6 "
	assert_equal "$(echo "$stderr" | sed 's/offset [0-9]*/offset N/')" "htmltext: bad.warc: offset N: not a WARC record
htmltext: bad.warc: offset N: bad Content-Length
htmltext: bad.warc: offset N: Content-Encoding: gzip: data cut short
htmltext: bad.warc: offset N: malformed chunked transfer-coding
htmltext: bad.warc: offset N: unsupported version WARC/0.17
htmltext: bad.warc: offset N: larger than --max-bytes (40 bytes)
htmltext: bad.warc: offset N: binary content (control characters)
htmltext: bad.warc: offset N: truncated record: 25 of 500 bytes"
	echo "$stderr" | grep -q "offset $g: not a WARC record"
	echo "$stderr" | grep -q "offset $ten: bad Content-Length"
	echo "$stderr" | grep -q "offset $gz: Content-Encoding: gzip: data cut short"
	# --rejects: ID TAB OFFSET TAB REASON
	assert_equal "$(wc -l < rej)" 8
	grep -q "^http://a.example/3	$gz	Content-Encoding: gzip: data cut short\$" rej
	grep -q "^	$g	not a WARC record\$" rej
	grep -q '^http://a.example/cut	[0-9]*	truncated record: 25 of 500 bytes$' rej
	# -q: no messages, the same status
	run --separate-stderr htmltext -q --max-bytes 40 --warc bad.warc
	assert_failure 1
	assert_equal "$stderr" ""
	# an empty input, a file of garbage, a header cut short
	: > empty.warc
	run --separate-stderr htmltext --warc empty.warc
	assert_success
	assert_output ''
	# garbage that starts with a byte no reader skips: the offset is 0
	{ printf 'junk'; head -c 3000 /dev/urandom | tr -d 'W'; } > junk.warc
	run --separate-stderr htmltext --warc junk.warc
	assert_failure 1
	assert_equal "$stderr" "htmltext: junk.warc: offset 0: not a WARC record"
	printf 'WARC/1.1\r\nWARC-Type: response\r\nContent-Len' > cut.warc
	run --separate-stderr htmltext --warc cut.warc
	assert_failure 1
	assert_equal "$stderr" "htmltext: cut.warc: offset 0: truncated record header"
	# a missing file is trouble (status 2); the others are read
	run --separate-stderr htmltext --warc nope.warc bad.warc
	assert_failure 2
	assert_line --index 0 --partial 'http://a.example/1'
	# a .warc.gz is read as it is, and through zcat as before
	rec response http://gz.example/ 'HTTP/1.1 200 OK\r\n\r\n<p>compressed page text</p>' | gzip > c.warc.gz
	run --separate-stderr htmltext --warc c.warc.gz
	assert_success
	assert_output "$(printf 'http://gz.example/\t\tcompressed page text')"
	run --separate-stderr bash -c 'zcat c.warc.gz | htmltext --warc'
	assert_success
	assert_output "$(printf 'http://gz.example/\t\tcompressed page text')"
}

@test "warc: a record larger than --max-bytes is read past in chunks, never held" {
	{
		printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://big.example/\r\nContent-Length: %d\r\n\r\n' $((40 * 1048576 + 44))
		printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'
		head -c $((40 * 1048576)) /dev/zero | tr '\0' 'a'
		printf '\r\n\r\n'
		rec response http://small.example/ 'HTTP/1.1 200 OK\r\n\r\n<p>small page text</p>'
	} > big.warc
	rec response http://small.example/ 'HTTP/1.1 200 OK\r\n\r\n<p>small page text</p>' > small.warc
	run --separate-stderr /usr/bin/time -f '%M' htmltext --max-bytes 1M --warc small.warc
	assert_success
	small=$(echo "$stderr" | tail -1)
	run --separate-stderr /usr/bin/time -f '%M' htmltext --max-bytes 1M --warc big.warc
	assert_failure 1
	assert_line --index 0 'http://small.example/		small page text'
	assert_equal "$(echo "$stderr" | head -1)" "htmltext: big.warc: offset 0: larger than --max-bytes (1048576 bytes)"
	# peak memory (KB): the 40 MB record adds far less than itself to
	# the peak of the small record alone (9 MB, or 30 MB under ASan,
	# whose own share a fixed bound mistook for ours)
	kb=$(echo "$stderr" | tail -1)
	[ "$kb" -lt $((small + 8192)) ] || fail "peak $kb KB, $small KB for the small record alone"
}

@test "tsv: records ID TAB HTML, -f, the other fields carried, rejects are the records" {
	printf 'http://a.example/x\tsrc1\t<title>T</title><p>One\\tpage\\nwith text</p>\n' > in.tsv
	printf 'id2\tsrc2\t<p>Another page of text</p>\textra\n' >> in.tsv
	printf 'lonely\n' >> in.tsv
	run --separate-stderr htmltext --tsv in.tsv
	assert_failure 1
	assert_equal "$stderr" "htmltext: in.tsv:3: no HTML field -1: records are ID TAB HTML"
	assert_line --index 0 "$(printf 'http://a.example/x\tsrc1\tT\tOne page with text')"
	# the HTML field is "extra": a page of one short line gives it
	assert_line --index 1 "$(printf 'id2\tsrc2\t<p>Another page of text</p>\t\textra')"
	run --separate-stderr htmltext --tsv -f 3 --rejects rej in.tsv
	assert_failure 1
	assert_line --index 1 "$(printf 'id2\tsrc2\textra\t\tAnother page of text')"
	assert_bytes rej 'lonely\n'
	# CRLF, no final newline, --max-bytes on the unescaped HTML
	printf 'u\t<p>crlf ends this line</p>\r\nv\t<p>no newline at the end</p>' | htmltext --tsv > out
	assert_bytes out 'u\t\tcrlf ends this line\nv\t\tno newline at the end\n'
	run --separate-stderr htmltext --tsv --max-bytes 10 in.tsv
	assert_failure 1
	assert_equal "$(echo "$stderr" | head -1)" "htmltext: in.tsv:1: larger than --max-bytes (10 bytes)"
	# htmllinks: the ID is the base URL
	printf 'http://a.example/dir/x\t<a href="y">y</a> <a href="/z">z</a>\n' | htmllinks --tsv > out
	assert_bytes out 'http://a.example/dir/x\thttp://a.example/dir/y\nhttp://a.example/dir/x\thttp://a.example/z\n'
	# -f: the fields after the HTML are carried too, before URL
	printf 'http://a.example/\t<a href="/q">q</a>\t2024\n' | htmllinks --tsv -f 2 > out
	assert_bytes out 'http://a.example/\t2024\thttp://a.example/q\n'
}

@test "url-from-path: mirrored files get their URLs as IDs and as bases" {
	mkdir -p mirror/www.example.org/blog
	printf '<title>Post</title><p>A post with enough text.</p><a href="../about.html">about</a>' > mirror/www.example.org/blog/post.html
	run --separate-stderr htmltext --url-from-path mirror/www.example.org/blog/post.html
	assert_success
	assert_output "$(printf 'https://www.example.org/blog/post.html\tPost\tA post with enough text.')"
	cd mirror
	run --separate-stderr htmllinks --url-from-path=http ./www.example.org/blog/post.html
	assert_output "$(printf 'http://www.example.org/blog/post.html\thttp://www.example.org/about.html')"
	cd ..
	# a path without a directory cannot give a host: rejected
	cp mirror/www.example.org/blog/post.html post.html
	run --separate-stderr htmltext --url-from-path post.html
	assert_failure 1
	assert_equal "$stderr" "htmltext: post.html: cannot make a URL of the path: no host name in the path"
	assert_output ''
}

@test "sources: usage errors" {
	run --separate-stderr htmltext --warc --tsv
	assert_usage_error "--warc and --tsv cannot be combined"
	run --separate-stderr htmltext --warc -u http://x/
	assert_usage_error "-u cannot be combined with --warc or --tsv: their documents have their own URLs"
	run --separate-stderr htmltext --tsv --url-from-path
	assert_usage_error "--url-from-path cannot be combined with --warc or --tsv"
	run --separate-stderr htmltext -u http://x/ --url-from-path
	assert_usage_error "-u and --url-from-path cannot be combined"
	run --separate-stderr htmltext -f 2
	assert_usage_error "-f picks the HTML field of --tsv records"
	run --separate-stderr htmltext --tsv -f 1
	assert_usage_error "-f: field 1 is the ID, not the HTML"
	run --separate-stderr htmltext --url-from-path=9p
	assert_usage_error "--url-from-path: '9p' is not a URL scheme"
	PROG=htmllinks
	run --separate-stderr htmllinks --warc --tsv
	assert_usage_error "--warc and --tsv cannot be combined"
	run --separate-stderr htmllinks --tsv -f x
	assert_usage_error "-f: 'x' is not a field number (1 is the first, -1 the last)"
}
