# htmllinks: one record ID TAB URL per link, absolute, normalized,
# filtered.  The WARC, TSV and mirrored sources are in warc.bats.
bats_require_minimum_version 1.5.0
load helper

PROG=htmllinks

# The exercise of seed 000: 10 links, 5 to the page's host, 3 to others,
# 2 that are not HTTP.
ten() {
	cat > ten.html <<-'EOF'
	<html><head><title>Ten links</title></head><body>
	<nav><a href="/">Home</a> <a href="/about">About us</a></nav>
	<p>Read <a href="posts/1.html">the first post</a>,
	<a href="https://example.com/posts/2.html">the second</a> and
	<a href="//example.com/tags?b=2&amp;a=1&amp;utm_source=feed">tags</a>.</p>
	<p><a href="https://www.w3.org/TR/html52/" rel="nofollow noopener">W3C</a>
	<a href="http://news.ycombinator.com/item?id=1">HN</a>
	<a href="https://github.com/">GitHub</a></p>
	<p><a href="mailto:me@example.com">mail</a> <a href="tel:+331234">call</a></p>
	</body></html>
	EOF
}

@test "htmllinks: the seed's exercise: 10 links give the 8 HTTP ones, --same-host the 5, --external the 3" {
	ten
	run --separate-stderr htmllinks -u https://example.com/blog/ ten.html
	assert_success
	assert_equal "$stderr" ""
	assert_output - <<-'EOF'
	https://example.com/blog/	https://example.com/
	https://example.com/blog/	https://example.com/about
	https://example.com/blog/	https://example.com/blog/posts/1.html
	https://example.com/blog/	https://example.com/posts/2.html
	https://example.com/blog/	https://example.com/tags?a=1&b=2
	https://example.com/blog/	https://www.w3.org/TR/html52/
	https://example.com/blog/	http://news.ycombinator.com/item?id=1
	https://example.com/blog/	https://github.com/
	EOF
	run htmllinks -u https://example.com/blog/ --same-host ten.html
	assert_equal "${#lines[@]}" 5
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f2 | grep -c '^https://example.com/')" 5
	run htmllinks -u https://example.com/blog/ --external ten.html
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f2 | tr '\n' ' ')" \
	    "https://www.w3.org/TR/html52/ http://news.ycombinator.com/item?id=1 https://github.com/ "
	# --all keeps mailto: and tel:
	run htmllinks -u https://example.com/blog/ --all ten.html
	assert_equal "${#lines[@]}" 10
	assert_line --index 8 "$(printf 'https://example.com/blog/\tmailto:me@example.com')"
}

@test "htmllinks: --rel and --text add fields, the text last; area alt is its text" {
	ten
	htmllinks -u https://example.com/blog/ --rel --text ten.html | sed -n '2p;6p' > out
	assert_bytes out 'https://example.com/blog/\thttps://example.com/about\t\tAbout us\nhttps://example.com/blog/\thttps://www.w3.org/TR/html52/\tnofollow noopener\tW3C\n'
	printf '<map><area href="/m" alt=" Map\n of  the site"></map><a href="/x">A <b>bold</b>\tlink<script>no</script><img alt="icon" src="i"></a>' > t.html
	htmllinks -u http://h.example/ --text t.html > out
	assert_bytes out 'http://h.example/\thttp://h.example/m\tMap of the site\nhttp://h.example/\thttp://h.example/x\tA bold link icon\n'
	# a tab or newline in the anchor text is escaped
	printf '<a href="/y"><pre>a\tb\nc</pre></a>' > t2.html
	htmllinks -u http://h.example/ --text t2.html > out
	assert_bytes out 'http://h.example/\thttp://h.example/y\ta b c\n'
	# HTML5's named references, in the URL and in the text
	printf '<a href="https&colon;&sol;&sol;example.com&sol;a&quest;x=1">Docs&colon; home&mldr;</a>' > t3.html
	htmllinks -u http://h.example/ --text t3.html > out
	assert_bytes out 'http://h.example/\thttps://example.com/a?x=1\tDocs: home\xe2\x80\xa6\n'
}

@test "htmllinks: filters: fragments, empty, javascript: data: ftp:, resource files before the query, each URL once" {
	cat > f.html <<-'EOF'
	<a href="#top">top</a> <a href="">empty</a> <a href="  ">blank</a>
	<a href="javascript:void(0)">js</a> <a href="data:text/html,x">data</a>
	<a href="ftp://ftp.example/f">ftp</a>
	<a href="/style.CSS">css</a> <a href="/app.js?v=2">js</a> <a href="/a.PNG">png</a>
	<a href="/doc.pdf#page=2">pdf</a> <a href="/m.mp4">mp4</a> <a href="/f.woff2">font</a>
	<a href="/page.html?file=x.css">query</a> <a href="/css/">dir</a> <a href="/x.cssx">not</a>
	<a href="/page.html?file=x.css#frag">again</a> <a href="/page.html?utm_source=a&amp;file=x.css">again</a>
	<a href=" /spaced ">spaced</a>
	EOF
	htmllinks -u http://h.example/d/ f.html | cut -f2 > out
	assert_bytes out 'http://h.example/page.html?file=x.css\nhttp://h.example/css/\nhttp://h.example/x.cssx\nhttp://h.example/spaced\n'
	# --all lifts every filter, repeats included
	run htmllinks -u http://h.example/d/ --all f.html
	assert_equal "${#lines[@]}" 18
	assert_line --index 0 "$(printf 'http://h.example/d/\thttp://h.example/d/')"
	assert_line --index 3 "$(printf 'http://h.example/d/\tjavascript:void(0)')"
}

@test "htmllinks: --all also takes link, img, script and iframe, in document order" {
	cat > all.html <<-'EOF'
	<html><head><link rel="stylesheet" href="/s.css"><script src="/a.js"></script></head>
	<body><img src="i.png"><a href="/p">p</a><iframe src="https://ads.example/f"></iframe></body></html>
	EOF
	htmllinks --all -u https://h.example/ all.html | cut -f2 > out
	assert_bytes out 'https://h.example/s.css\nhttps://h.example/a.js\nhttps://h.example/i.png\nhttps://h.example/p\nhttps://ads.example/f\n'
	htmllinks -u https://h.example/ all.html | cut -f2 > out
	assert_bytes out 'https://h.example/p\n'
}

@test "htmllinks: <base href> wins over the document URL, itself resolved against it" {
	printf '<head><base href="/root/sub/"></head><a href="x">x</a><a href="../y">y</a>' > b.html
	htmllinks -u https://h.example/a/b.html b.html | cut -f2 > out
	assert_bytes out 'https://h.example/root/sub/x\nhttps://h.example/root/y\n'
	# an absolute base works without a URL; --same-host then means its host
	printf '<base href="https://b.example/d/"><a href="x">x</a><a href="https://o.example/">o</a>' > b2.html
	htmllinks --same-host b2.html > out
	assert_bytes out 'b2.html\thttps://b.example/d/x\n'
}

@test "htmllinks: no URL: relative links left out with one message per document, status 0; --keep-relative" {
	ten
	run --separate-stderr htmllinks ten.html ten.html
	assert_success
	assert_equal "$stderr" "htmllinks: ten.html: 4 relative links left out: the document has no URL (-u, --url-from-path, --keep-relative)
htmllinks: ten.html: 4 relative links left out: the document has no URL (-u, --url-from-path, --keep-relative)"
	assert_equal "${#lines[@]}" 8
	run --separate-stderr htmllinks -q ten.html
	assert_equal "$stderr" ""
	run --separate-stderr htmllinks --keep-relative ten.html
	assert_success
	assert_equal "$stderr" ""
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f2 | head -4 | tr '\n' ' ')" \
	    "/ /about posts/1.html https://example.com/posts/2.html "
	# kept relative links count as the page's own host
	run htmllinks --keep-relative --same-host ten.html
	assert_equal "${#lines[@]}" 4
}

@test "htmllinks: --canonical: one record per document with the canonical URL, or nothing" {
	printf '<head><link rel="Canonical" href="/a?utm_source=x&amp;b=1#f"></head><a href="/z">z</a>' > c.html
	printf '<a href="/z">z</a>' > none.html
	printf '<link rel="alternate canonical" href="https://c.example/x"><link rel="canonical" href="/y">' > two.html
	htmllinks --canonical -u https://h.example/p c.html > out
	assert_bytes out 'https://h.example/p\thttps://h.example/a?b=1\n'
	htmllinks --canonical --url-from-path none.html two.html > out 2>/dev/null || true
	run --separate-stderr htmllinks --canonical c.html none.html two.html
	assert_success
	assert_output "$(printf 'two.html\thttps://c.example/x')"
	assert_equal "$stderr" "htmllinks: c.html: 1 relative link left out: the document has no URL (-u, --url-from-path, --keep-relative)"
	run htmllinks --canonical --keep-relative c.html
	assert_output "$(printf 'c.html\t/a?utm_source=x&b=1#f')"
}

@test "htmllinks: ugly inputs: empty, binary, invalid UTF-8, CRLF, huge page, nesting; rejects" {
	: > empty.html
	run --separate-stderr htmllinks -u http://h.example/ empty.html
	assert_success
	assert_output ''
	head -c 5000 /dev/urandom > bin.html
	printf '\0\0\0\1\2\3\4\5\6\7' >> bin.html
	run --separate-stderr htmllinks --rejects rej -u http://h.example/ bin.html
	assert_failure 1
	assert_bytes rej 'http://h.example/\tbinary content (control characters)\n'
	# CRLF; a page that is not valid UTF-8 is decoded as a whole (here
	# as windows-1252, UTF-8 bytes and all), its hrefs percent-encoded
	printf '<a href="/caf\351">x</a>\r\n<a href="/\xc3\xa9t\xc3\xa9">y</a>' > u.html
	htmllinks -u http://h.example/ u.html | cut -f2 > out
	assert_bytes out 'http://h.example/caf%%C3%%A9\nhttp://h.example/%%C3%%83%%C2%%A9t%%C3%%83%%C2%%A9\n'
	printf '<a href="/\xc3\xa9t\xc3\xa9">y</a>' > v.html
	htmllinks -u http://h.example/ v.html | cut -f2 > out
	assert_bytes out 'http://h.example/%%C3%%A9t%%C3%%A9\n'
	# 100,000 nested elements around a link, 50,000 links
	{ yes '<div><span><b><i><u>' | head -20000 | tr -d '\n'; printf '<a href="/deep">d</a>'; } > deep.html
	htmllinks -u http://h.example/ deep.html | cut -f2 > out
	assert_bytes out 'http://h.example/deep\n'
	seq 50000 | sed 's|.*|<a href="/p/&">&</a>|' > many.html
	run htmllinks -u http://h.example/ many.html
	assert_equal "${#lines[@]}" 50000
	assert_line --index 49999 "$(printf 'http://h.example/\thttp://h.example/p/50000')"
	run --separate-stderr htmllinks --max-bytes 1k -u http://h.example/ many.html
	assert_failure 1
	assert_equal "$stderr" "htmllinks: many.html: larger than --max-bytes (1024 bytes)"
}

@test "htmllinks: usage errors, --help, --version, -v, write errors, a closed pipe" {
	run --separate-stderr htmllinks --same-host --external
	assert_usage_error "--same-host and --external cannot be combined"
	run --separate-stderr htmllinks --canonical --text
	assert_usage_error "--canonical writes one URL per document: it takes no --all, --same-host, --external, --rel, --text"
	run --separate-stderr htmllinks -u http://x/ a b
	assert_usage_error "-u names the URL of one document, and 2 files were given"
	run --separate-stderr htmllinks --max-bytes 0
	assert_usage_error "--max-bytes: must be from 1 to 512M"
	run --separate-stderr htmllinks --help
	assert_success
	assert_line --index 0 --partial "Usage: htmllinks"
	for o in --all --same-host --external --rel --text --canonical --keep-relative --warc --tsv --url-from-path; do
		echo "$output" | grep -q -- "$o" || fail "--help lacks $o"
	done
	run htmllinks --version
	assert_success
	assert_line --index 0 --partial "htmllinks (crawlutils)"
	ten
	run --separate-stderr htmllinks -v -u https://example.com/ ten.html
	assert_equal "$stderr" "htmllinks: documents: 1 read, 1 written, 0 rejected"
	run --separate-stderr bash -c 'htmllinks -u https://example.com/ ten.html > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "htmllinks: write error: No space left on device"
	seq 50000 | sed 's|.*|<a href="/p/&">&</a>|' > many.html
	run bash -c 'htmllinks -u http://h.example/ many.html | head -1; echo "${PIPESTATUS[0]}"'
	assert_output "$(printf 'http://h.example/\thttp://h.example/p/1\n141')"
}
