# warc: MB/s and pages/s of htmltext --warc and htmllinks --warc on a WARC
# file made by bench/warcgen (request + response pairs, chunked bodies,
# images, revisits: a crawl as wget writes it), next to cat of the same
# file and to htmltext on the same pages as plain files; the same crawl
# as .warc.gz and .warc.zst (a member a record) read directly, against
# zcat (zstd -dc) | htmltext --warc, the CPU time of both processes; and
# --wet (--gzip) against the TSV output.  CPU time (user + system, best of
# $runs) is the figure, since other jobs share the machine; wall time is
# shown beside it.

warc_bench() {
	local pages=${WARC_PAGES:-20000} f size c w cat_c cat_w t
	f=$tmp/crawl.warc
	mkdir "$tmp/pages"
	"$tools/warcgen" -d "$tmp/pages" "$pages" > "$f"
	size=$(mb "$f")
	echo "warc: $pages pages, $size MB of WARC (request + response each, 1 in 25 with an image, metadata, revisit); single core"
	cat_c=$(cpu cat "$f")
	cat_w=$(best cat "$f")
	echo "  (MB/s and pages/s of CPU time; of wall time in brackets)"
	printf '  %-28s %6.2f s cpu %6.2f s wall  %8s MB/s (%s)\n' "cat" "$cat_c" "$cat_w" \
	    "$(rate "$size" "$(awk -v c="$cat_c" 'BEGIN { print (c > 0 ? c : 0.01) }')")" "$(rate "$size" "$cat_w")"
	for prog in htmltext htmllinks; do
		c=$(cpu "$bin/$prog" --warc "$f")
		w=$(best "$bin/$prog" --warc "$f")
		printf '  %-28s %6.2f s cpu %6.2f s wall  %8s MB/s (%s)  %6s pages/s (%s)  %s x the wall time of cat\n' \
		    "$prog --warc" "$c" "$w" "$(rate "$size" "$c")" "$(rate "$size" "$w")" \
		    "$(rate "$pages" "$c")" "$(rate "$pages" "$w")" "$(ratio "$cat_w" "$w")"
		[ "$prog" = htmltext ] && t=$c
	done
	c=$(cpu sh -c 'cd "$1" && "$2" ./*.html' - "$tmp/pages" "$bin/htmltext")
	printf '  %-28s %6.2f s cpu                  %7s pages/s\n' "htmltext on the plain files" "$c" "$(rate "$pages" "$c")"
	echo "  htmltext --warc takes $(ratio "$c" "$t") x the time of htmltext on the same pages as files"
	echo "  peak memory: htmltext --warc $(peak_mb "$bin/htmltext" --warc "$f") MB," \
	    "htmllinks --warc $(peak_mb "$bin/htmllinks" --warc "$f") MB"
	warc_compressed "$pages"
	warc_real
}

# The crawl of warc_bench as .warc.gz and .warc.zst, read directly and
# through zcat (zstd -dc); the reader alone (--status 100: every page
# skipped) and with the extraction; then --wet against the TSV output.
warc_compressed() {
	local pages=$1 plain=$tmp/crawl.warc f z base ours read_o read_b
	"$tools/warcgen" -z gzip "$pages" > "$tmp/crawl.warc.gz"
	"$tools/warcgen" -z zstd "$pages" > "$tmp/crawl.warc.zst"
	echo "warc: the same crawl compressed, a member (frame) a record:" \
	    "$(mb "$tmp/crawl.warc.gz") MB .warc.gz, $(mb "$tmp/crawl.warc.zst") MB .warc.zst;" \
	    "CPU seconds, the baseline's of both processes"
	for z in gzip zstd; do
		if [ "$z" = gzip ]; then f=$tmp/crawl.warc.gz; base=zcat; else
			f=$tmp/crawl.warc.zst; base="zstd -qdc"; fi
		read_o=$(cpu "$bin/htmltext" --status 100 --warc "$f")
		read_b=$(cpu sh -c "$base \"\$1\" | \"\$2\" --status 100 --warc" - "$f" "$bin/htmltext")
		ours=$(cpu "$bin/htmltext" --warc "$f")
		c=$(cpu sh -c "$base \"\$1\" | \"\$2\" --warc" - "$f" "$bin/htmltext")
		printf '  %-10s reading: %6.2f s, %s | htmltext %6.2f s (%s x);  with the text: %6.2f s, through %s %6.2f s (%s x)\n' \
		    "$(basename "$f" | sed 's/crawl//')" "$read_o" "$base" "$read_b" "$(ratio "$read_o" "$read_b")" \
		    "$ours" "$base" "$c" "$(ratio "$ours" "$c")"
	done
	echo "  peak memory: htmltext --warc .warc.gz $(peak_mb "$bin/htmltext" --warc "$tmp/crawl.warc.gz") MB," \
	    ".warc.zst $(peak_mb "$bin/htmltext" --warc "$tmp/crawl.warc.zst") MB"
	ours=$(cpu "$bin/htmltext" --warc "$plain")
	c=$(cpu "$bin/htmltext" --wet --warc "$plain")
	z=$(cpu "$bin/htmltext" --wet --gzip --warc "$plain")
	echo "  --wet: $c s, --wet --gzip: $z s, against the TSV output's $ours s" \
	    "($(ratio "$c" "$ours") x and $(ratio "$z" "$ours") x the speed)"
}

# The real pages of the Readability corpus (HTML_CORPUS), each a response
# record, the whole set 5 times: pages of 10 KB to 1.7 MB.
warc_real() {
	local corpus=${HTML_CORPUS:-$here/../../shared/corpora/html/readability}
	local f=$tmp/real.warc hdr='HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'
	local n=0 size c w p plain hl t
	if [ ! -d "$corpus" ]; then
		echo "  real pages skipped: no corpus at $corpus"
		return
	fi
	hl=$(printf "$hdr" | wc -c)
	set -- "$corpus"/*/source.html
	for _ in 1 2 3 4 5; do
		for p; do
			n=$((n + 1))
			printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.com/%d\r\nContent-Length: %d\r\n\r\n' \
			    "$n" $(($(stat -c %s "$p") + hl))
			printf "$hdr"
			cat "$p"
			printf '\r\n\r\n'
		done
	done > "$f"
	size=$(mb "$f")
	echo "warc: the $# pages of $(basename "$corpus") 5 times, $n pages, $size MB"
	for prog in htmltext htmllinks; do
		c=$(cpu "$bin/$prog" --warc "$f")
		w=$(best "$bin/$prog" --warc "$f")
		printf '  %-28s %6.2f s cpu %6.2f s wall  %8s MB/s (%s)  %6s pages/s\n' \
		    "$prog --warc" "$c" "$w" "$(rate "$size" "$c")" "$(rate "$size" "$w")" "$(rate "$n" "$c")"
		[ "$prog" = htmltext ] && t=$c
	done
	plain=$(cpu sh -c 'for i in 1 2 3 4 5; do "$0" "$@"; done' "$bin/htmltext" "$@")
	echo "  htmltext on the same files: $plain s cpu; --warc takes $(ratio "$plain" "$t") x that time"
}
warc_bench
