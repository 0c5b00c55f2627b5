# A crawl as a new user makes one: wget --warc-file on a small site that
# tests/httpd.mjs serves on 127.0.0.1 (pages, a page sent gzip-encoded, a
# 301, a 404, no robots.txt), then htmltext --warc and htmllinks --warc
# on the crawl.warc.gz that wget wrote, checked against zcat and against
# the offsets of wget's own CDX index.
bats_require_minimum_version 1.5.0
load helper

PROG=htmltext

setup_file() {
	cd "$BATS_FILE_TMPDIR" || return 1
	node "$BATS_TEST_DIRNAME/httpd.mjs" > port &
	echo $! > server.pid
	for _ in $(seq 100); do
		[ -s port ] && break
		sleep 0.1
	done
	[ -s port ] || { echo "the test web server did not start" >&2; return 1; }
	# wget exits 8 when the server answered with errors (the 404s)
	wget --no-config --no-proxy -q --recursive --level 2 --warc-file=crawl --warc-cdx \
	    --directory-prefix=site "http://127.0.0.1:$(cat port)/" || [ $? -eq 8 ]
}

teardown_file() {
	kill "$(cat "$BATS_FILE_TMPDIR/server.pid")" 2>/dev/null || true
}

@test "crawl: wget's crawl.warc.gz read directly: the records of zcat | htmltext --warc; the 301 and 404s skipped and counted, the gzip page decoded" {
	cd "$BATS_FILE_TMPDIR"
	site="http://127.0.0.1:$(cat port)"
	run --separate-stderr htmltext -v --warc crawl.warc.gz
	assert_success
	printf '%s\n' "${lines[@]}" > docs.tsv
	bash -c 'zcat crawl.warc.gz | htmltext --warc' | cmp - docs.tsv
	# b.html twice: linked, and the target of the redirect
	assert_equal "$(cut -f1,2 docs.tsv)" "$site/	Home
$site/a.html	Page A
$site/b.html	Page B
$site/gz.html	Page Gz
$site/b.html	Page B"
	grep -q "$(printf '^%s/gz.html\tPage Gz\tThis page is always sent with Content-Encoding: gzip.$' "$site")" docs.tsv
	# the redirect's body, the robots.txt and missing.html error pages
	[ "$(grep -c 'Error response\|Moved' docs.tsv)" -eq 0 ]
	[[ $stderr == *"skipped for their HTTP status: 0 1xx, 0 2xx, 1 3xx, 2 4xx, 0 5xx, 0 without one"* ]] || fail "$stderr"
	# they are documents when asked for
	htmltext --status all --warc crawl.warc.gz | cut -f2 | sort | uniq -c > all
	grep -q '2 Error response$' all && grep -q '1 Moved$' all
	# htmllinks: the home page's links, absolute
	htmllinks --warc crawl.warc.gz | head -5 | cut -f2 > links
	assert_equal "$(cat links)" "$site/a.html
$site/b.html
$site/gz.html
$site/old
$site/missing.html"
}

@test "crawl: --offsets of wget's crawl.warc.gz are the members of wget's CDX index, and fetch each record" {
	cd "$BATS_FILE_TMPDIR"
	htmltext --offsets --warc crawl.warc.gz > docs.tsv
	# wget's CDX: URL ... status ... offset (V) file (g)
	awk 'NR > 1 && $5 == 200 { print $1 "\t" $10 "\t" $9 }' crawl.cdx > cdx
	cut -f1-3 docs.tsv | cmp - cdx
	while IFS=$'\t' read -r id file off len _; do
		tail -c +$((off + 1)) "$file" | head -c "$len" | zcat > rec
		# (wget writes the URI in angle brackets)
		assert_equal "$(sed -n 's/^WARC-Target-URI: <\(.*\)>\r$/\1/p' rec)" "$id"
		assert_equal "$(sed -n 's/^WARC-Type: \(.*\)\r$/\1/p' rec)" response
	done < docs.tsv
	# and the page wget saved is the same text
	htmltext "site/127.0.0.1:$(cat port)/a.html" | cut -f2,3 > file
	grep "/a.html	" docs.tsv | cut -f5,6 | cmp - file
}
