# Flat memory on streams (make check-slow, normal build only: ASan's
# quarantine makes max RSS meaningless): each streaming program's max RSS
# on 100 MB of records and on 1 GB (the same 100 MB ten times, through a
# pipe, never written) differs by less than FLAT_KB.  The records repeat,
# so the longest record, and any buffer sized by it, is the same in both.
# nearpairs (every fingerprint), seen --exact (every key), seenlines
# --exact and --count (every distinct line) and nearverify
# (the pairs, and every ID of DOCS) hold what grows with the input by
# design: their manual pages say so, and they are not here.
bats_require_minimum_version 1.5.0
load ../helper

FLAT_KB=4096

setup_file() {
	local gen="$CRAWLUTILS_BIN/../bench/gen"
	cd "$BATS_FILE_TMPDIR" || return 1
	# about 100 MB each
	"$gen" en 38000 > en
	sed 's/\t/\t<p>/' en > tsv
	"$gen" fp 2500000 | head -c 100000000 | sed '$d' > fp
	"$gen" links 800000 | head -c 100000000 | sed '$d' > links
	"$CRAWLUTILS_BIN/../bench/sitegen" 100 700 /dev/null | head -c 100000000 | sed '$d' > sites
	# the ID is the page's URL, the base of its links
	awk -F'\t' '{ printf "http://example.com/%d/\t<p><a href=\"%s\">a</a> <a href=\"%s\">b</a></p>\n", NR, $1, $2 }' \
	    links > linkstsv
	# a crawl of 100,000 pages, a gzip member a record: 100 MB of
	# .warc.gz (ten of them one after another are a valid .warc.gz too)
	"$CRAWLUTILS_BIN/../bench/warcgen" -z gzip 100000 > warcgz
}

# flat PROG ARG... INPUT: max RSS in KB reading INPUT once,
# and reading it ten times from a pipe (-), differ by less than FLAT_KB
flat() {
	local in=${*: -1} a b
	local -a cmd=("${@:1:$#-1}")
	/usr/bin/time -f %M -o rss "${cmd[@]}" "$BATS_FILE_TMPDIR/$in" > /dev/null 2> err ||
		fail "${cmd[*]} $in: status $?: $(head -3 err)"
	a=$(tail -1 rss)
	for i in 1 2 3 4 5 6 7 8 9 10; do cat "$BATS_FILE_TMPDIR/$in"; done |
	    /usr/bin/time -f %M -o rss "${cmd[@]}" - > /dev/null 2> err ||
		fail "${cmd[*]} - (1 GB): status $?: $(head -3 err)"
	b=$(tail -1 rss)
	echo "# ${cmd[*]}: $a KB on 100 MB, $b KB on 1 GB" >&3
	[ $((b - a)) -lt "$FLAT_KB" ] && [ $((a - b)) -lt "$FLAT_KB" ] ||
		fail "${cmd[*]}: max RSS $a KB on 100 MB, $b KB on 1 GB"
}

@test "flat memory: sha256text simhash hamming urlnorm, 100 MB and 1 GB" {
	flat sha256text en
	flat simhash -a en
	flat hamming fp
	flat urlnorm links
}

@test "flat memory: seen and seenlines (Bloom filters), htmltext --tsv, htmllinks --tsv, 100 MB and 1 GB" {
	flat seen -n 10000000 -f 2 fp
	flat seenlines sites
	flat htmltext --tsv tsv
	flat htmllinks --tsv linkstsv
}

@test "flat memory: htmltext --warc on .warc.gz, 100 MB and 1 GB (a gzip member a record, decoded as it is read)" {
	flat htmltext --warc warcgz
}
