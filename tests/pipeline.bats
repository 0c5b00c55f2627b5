# The whole pipeline on the sample crawl examples/pages/ (made by
# examples/pages.src/generate.sh): the report of examples/dedup.sh, which
# `make demo` shows, checked line for line, so that the examples never rot;
# examples/Makefile and examples/urls.txt.
bats_require_minimum_version 1.5.0
load helper

EX="$BATS_TEST_DIRNAME/../examples"

@test "pipeline: the report of dedup.sh on examples/pages, line for line" {
	# as make demo runs it, from the top of the tree
	run --separate-stderr sh -c 'cd "$0/.." && sh examples/dedup.sh examples/pages "$1"' \
	    "$BATS_TEST_DIRNAME" "$PWD/work"
	assert_success
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > report
	diff -u "$DATA/pipeline/report.txt" report
	# and the report README.md shows, indented under "## The demo"
	awk '/^## / { on = $0 == "## The demo"; next }
	    on && /^$/ && seen { blank = blank "\n" }
	    on && /^    / { printf "%s%s\n", blank, substr($0, 5); blank = ""; seen = 1 }' \
	    "$BATS_TEST_DIRNAME/../README.md" > readme-report
	diff -u "$DATA/pipeline/report.txt" readme-report

	# the pages kept, one of each group
	cat > want <<-'EOF'
	https://blog.example.org/2025/03/sourdough-starter.html
	https://blog.example.org/2025/04/winter-cycling.html
	https://blog.example.org/2025/05/tide-pools.html
	https://blog.example.org/2025/06/rain-garden.html
	https://blog.example.org/2025/07/repair-cafe.html
	https://blog.example.org/2025/08/city-stargazing.html
	https://blog.example.org/about.html
	https://blog.example.org/index.html
	https://cn.example.net/2025/03/chaguan.html
	https://cn.example.net/2025/04/ditie.html
	https://cn.example.net/2025/05/laojie.html
	https://cn.example.net/2025/06/yeshi.html
	https://cn.example.net/2025/07/tushuguan.html
	https://cn.example.net/archive/2009/duanwu.html
	https://docs.example.com/api/v1/messages.html
	https://docs.example.com/api/v2/messages.html
	https://news.example.com/2025/09/ferry-winter-timetable.html
	https://news.example.com/2025/09/harbour-festival-record.html
	https://news.example.com/2025/10/library-sunday-opening.html
	https://news.example.com/2025/11/market-hall-reopens.html
	https://news.example.com/tag/harbour.html
	EOF
	diff -u want work/kept.txt

	# /v1/ and /v2/ are a near pair on their texts, and only
	# --distinct-versions keeps them apart: each leads its own cluster
	run awk -F '\t' '$1 ~ /docs/' work/clusters.tsv
	assert_output "$(printf '%s\t%s\n' \
	    https://docs.example.com/api/v1/messages.html https://docs.example.com/api/v1/messages.html \
	    https://docs.example.com/api/v2/messages.html https://docs.example.com/api/v2/messages.html)"
	nearpairs -k 4 work/fingerprints.tsv | grep -q 'v1/messages.html.*v2/messages.html'

	# seenlines took from v2 the lines v1 has, and nothing else: each
	# line that went is a line of v1's text, each that stayed is not
	awk -F '\t' '$1 ~ /v1\// { n = split($3, l, /\\n/); for (i = 1; i <= n; i++) print l[i] }' \
	    work/kept.tsv | LC_ALL=C sort -u > v1
	awk -F '\t' '$1 ~ /v2\// { n = split($3, l, /\\n/); for (i = 1; i <= n; i++) print l[i] }' \
	    work/kept.tsv > v2-before
	awk -F '\t' '$1 ~ /v2\// { n = split($3, l, /\\n/); for (i = 1; i <= n; i++) print l[i] }' \
	    work/clean.tsv > v2-after
	LC_ALL=C comm -23 <(LC_ALL=C sort v2-before) <(LC_ALL=C sort v2-after) > gone
	assert_equal "$(wc -l < gone)" 5
	assert_equal "$(LC_ALL=C comm -23 gone v1)" ""
	assert_equal "$(LC_ALL=C sort -u v2-after | LC_ALL=C comm -12 - v1 | awk 'length >= 20')" ""
	# the other pages kept as they were
	assert_equal "$(grep -v docs.example.com/api/v2 work/kept.tsv)" \
	    "$(grep -v docs.example.com/api/v2 work/clean.tsv)"

	# the frontier: links to pages not fetched, each once, none tracked
	run grep -c . work/frontier.tsv
	assert_output 159
	run grep -E 'utm_|fbclid|gclid|mc_cid|#' work/frontier.tsv
	assert_failure 1
	run awk -F '\t' 'seen[$2]++' work/frontier.tsv
	assert_output ""
	# the tag page's ten links to five stories are new only for the
	# library's over http (the scheme tells pages apart), the wire's page
	# and the next tag page; the other spellings are the pages fetched
	run awk -F '\t' '$1 ~ /tag\/harbour/ { print $2 }' work/frontier.tsv
	assert_output "$(printf '%s\n' \
	    'http://news.example.com/2025/10/library-sunday-opening.html' \
	    'https://www.example.net/wire/island-ferry-winter-timetable.html?ref=courier' \
	    'https://news.example.com/tag/harbour.html?page=2')"
}

@test "pipeline: the GBK page without a charset and the malformed page give the text of their source" {
	gbk="$EX/pages/https/cn.example.net/archive/2009/duanwu.html"
	# the page is GBK (not UTF-8) and says nothing about its encoding
	run iconv -f UTF-8 -t UTF-8 "$gbk"
	assert_failure
	run grep -ci 'charset\|encoding' "$gbk"
	assert_output 0
	iconv -f GBK -t UTF-8 "$gbk" | cmp - "$EX/pages.src/duanwu.html"
	url=https://cn.example.net/archive/2009/duanwu.html
	htmltext --meta -u "$url" "$gbk" > gbk.tsv
	htmltext --meta -u "$url" "$EX/pages.src/duanwu.html" > utf8.tsv
	run cut -f 3,4 gbk.tsv
	assert_output "$(printf 'gb18030\tdetector')"
	# title and text as the UTF-8 source gives them, which are the
	# article's paragraphs as written
	assert_equal "$(cut -f 1,2,8 gbk.tsv)" "$(cut -f 1,2,8 utf8.tsv)"
	run cut -f 2 gbk.tsv
	assert_output "港城日报 - 端午节：龙舟下水，粽叶飘香"
	run cut -f 8 gbk.tsv
	assert_output "$(sed 1d "$EX/pages.src/articles/duanwu.txt" | awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }')"

	# the malformed page: its header <div> never closed, nor its <p>s;
	# its text is the paragraphs as written (the byline is pruned)
	page="$EX/pages/https/news.example.com/2025/11/market-hall-reopens.html"
	run grep -c '</p>' "$page"
	assert_output 0
	htmltext "$page" > mal.tsv
	run cut -f 2 mal.tsv
	assert_output "Old market hall reopens after two years of repairs"
	run cut -f 3 mal.tsv
	assert_output "$(sed 1d "$EX/pages.src/articles/market-hall.txt" | awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }')"
}

@test "pipeline: urls.txt, the six spellings of seed 000 and tracking parameters" {
	assert_equal "$(grep -c . "$EX/urls.txt")" 14
	# the seed's six spellings are two pages: with the query a=1&b=2 and
	# without it; no normalization may drop a query a page might use
	run sh -c "head -n 6 '$EX/urls.txt' | urlnorm | LC_ALL=C sort -u"
	assert_success
	assert_output "$(printf '%s\n' https://example.com/path/page.html \
	    'https://example.com/path/page.html?a=1&b=2')"
	# the default drops utm_*, fbclid and gclid; the click identifiers of
	# Mailchimp and Microsoft Ads need --extended-drops
	run sh -c "urlnorm < '$EX/urls.txt' | LC_ALL=C sort -u"
	assert_output "$(printf '%s\n' https://example.com/path/page.html \
	    'https://example.com/path/page.html?a=1&b=2' \
	    'https://example.com/path/page.html?a=1&b=2&mc_cid=4f1e2d3c4b&mc_eid=0a1b2c3d4e' \
	    'https://example.com/path/page.html?a=1&b=2&msclkid=9b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e')"
	run sh -c "urlnorm --extended-drops < '$EX/urls.txt' | LC_ALL=C sort | uniq -c"
	assert_output "$(printf '%s\n' '      8 https://example.com/path/page.html' \
	    '      6 https://example.com/path/page.html?a=1&b=2')"
}

@test "pipeline: examples/Makefile gives the same report and reruns only what changed" {
	command -v make > /dev/null || skip "no make"
	# the pages older than any step's output, however fresh the checkout
	cp -R "$EX/pages" pages
	find pages -exec touch -d '-2 hours' {} +
	mk() {
		run --separate-stderr env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -f "$EX/Makefile" \
		    PAGES=pages W=w NAME=examples/pages
		assert_success
		assert_equal "$stderr" ""
	}
	mk
	diff -u "$DATA/pipeline/report.txt" w/report.txt
	assert_line 'site.sh run htmltext pages https/docs.example.com w/text/https/docs.example.com.tsv.rejects --meta > w/text/https/docs.example.com.tsv'
	assert_line 'nearverify -d w/unique.tsv --clusters w/pairs.tsv > w/clusters.tsv'
	# nothing changed: no step runs, the report is shown
	mk
	assert_equal "$output" "$(cat "$DATA/pipeline/report.txt")"
	# one page changed: its site is extracted again, and every step after
	# it runs; no other site is
	find w -exec touch -d '-1 minute' {} +
	touch pages/https/docs.example.com/api/v1/messages.html
	mk
	assert_line 'site.sh run htmltext pages https/docs.example.com w/text/https/docs.example.com.tsv.rejects --meta > w/text/https/docs.example.com.tsv'
	assert_line 'site.sh run htmllinks pages https/docs.example.com w/links/https/docs.example.com.tsv.rejects > w/links/https/docs.example.com.tsv'
	assert_line 'sha256text -a w/docs.tsv > w/digests.tsv'
	assert_line 'simhash -n 7 w/unique.tsv | cut -f 1,4 > w/fingerprints.tsv'
	assert_line 'nearpairs -k 4 --distinct-versions w/fingerprints.tsv > w/pairs.tsv'
	assert_line 'seenlines w/kept.tsv > w/clean.tsv'
	assert_equal "$(printf '%s\n' "$output" | grep -c '^site.sh run')" 2
	# a page removed, and with it the http twin's exact group
	rm pages/http/blog.example.org/2025/03/sourdough-starter.html
	mk
	assert_equal "$(printf '%s\n' "$output" | grep -c '^site.sh run')" 2
	assert_line 'Pages in: 33; exact duplicate groups: 5; near-duplicate clusters: 6; pages kept: 21'
}

@test "pipeline: dedup.sh on a plain wget --mirror, with a page it rejects and pages without text" {
	# a dot in a directory above the crawl is not a host
	mkdir -p crawl.v2/pages
	cp -R "$EX/pages/https/docs.example.com" "$EX/pages/https/mirror.example.net" crawl.v2/pages/
	printf '\1\2\3\4\5\6\7\10\16\17%.0s' $(seq 40) > crawl.v2/pages/docs.example.com/logo.html
	: > crawl.v2/pages/docs.example.com/empty.html
	: > crawl.v2/pages/docs.example.com/empty2.html
	echo '<p>a page outside every site directory</p>' > crawl.v2/pages/stray.html
	run --separate-stderr sh "$EX/dedup.sh" crawl.v2/pages
	assert_success
	assert_line --index 0 'crawlutils demo: 7 pages in crawl.v2/pages'
	assert_line --index 1 '1. Text (htmltext): 6 pages, 1 rejected, 2 without text'
	assert_line '   rejected: https://docs.example.com/logo.html: binary content (control characters)'
	assert_line '2. Exact duplicates (sha256text): 0 groups with the same text; the first is kept'
	assert_line '   kept apart as versions: https://docs.example.com/api/v1/messages.html https://docs.example.com/api/v2/messages.html (distance 1, Jaccard 0.9029)'
	assert_line 'Pages in: 7; exact duplicate groups: 0; near-duplicate clusters: 0; pages kept: 4 (set aside: 1 rejected, 2 without text)'
	assert_equal "$stderr" "site.sh: $PWD/crawl.v2/pages/stray.html: not in a site directory: skipped
htmltext: ./docs.example.com/logo.html: binary content (control characters)
htmllinks: ./docs.example.com/logo.html: binary content (control characters)"

	# trouble: no such directory, a write error
	run --separate-stderr sh "$EX/dedup.sh" nosuchdir
	assert_failure 2
	assert_equal "$stderr" "dedup.sh: nosuchdir: not a directory"
	# a write error; the temporary directory is removed all the same
	mkdir tmp
	run --separate-stderr sh -c 'TMPDIR=$PWD/tmp sh "$0" "$1" > /dev/full' \
	    "$EX/dedup.sh" crawl.v2/pages
	assert_failure 2
	assert_output ""
	[[ $stderr == *"cat: write error"* ]]
	assert_equal "$(ls tmp)" ""
}

@test "pipeline: examples/pages are what pages.src/generate.sh writes" {
	command -v iconv > /dev/null || skip "no iconv"
	sh "$EX/pages.src/generate.sh" gen
	diff -r "$EX/pages" gen
	assert_equal "$(find gen -type f | wc -l)" 34
}
