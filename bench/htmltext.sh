# htmltext: pages/s and MB/s on generated pages (the design of seed 001)
# and on the real pages of ../shared/corpora/html (HTML_CORPUS), against
# libxml2's parse alone on the same files, measured in the same run:
# xmllint --html --noout, and bench/htmlparse (htmltext's own decoding
# and parse, without its steps 3 to 8).  CPU time (user + system, best of
# $runs) is the figure, since other jobs share the machine; wall time is
# shown beside it.  Then the quality: the seed's measures on the generated
# pages, the shingle F1 of the corpus README on the real ones, and the
# word F1 of WCXB (wcxb-dev, seven page types: WCXB_CORPUS) beside the
# figures its README publishes for the peers.

corpus=${HTML_CORPUS:-$here/../../shared/corpora/html/readability}
wcxb=${WCXB_CORPUS:-$here/../../shared/corpora/html/wcxb-dev}
xmllint=$(command -v xmllint || true)

# row NAME PAGES MB CPU WALL: one line of figures
row() {
	printf '  %-22s %6.2f s cpu %6.2f s wall  %7s pages/s  %6s MB/s\n' \
	    "$1" "$4" "$5" "$(rate "$2" "$4")" "$(rate "$3" "$4")"
}

# measure LABEL FILE...: htmltext, htmlparse and xmllint on the files
measure() {
	local label=$1 pages mb ours parse lint w
	shift
	pages=$#
	mb=$(stat -c %s "$@" | awk '{ s += $1 } END { printf "%.2f", s / 1048576 }')
	echo "$label: $pages pages, $mb MB"
	ours=$(cpu "$bin/htmltext" "$@")
	w=$(best "$bin/htmltext" "$@")
	row htmltext "$pages" "$mb" "$ours" "$w"
	parse=$(cpu "$tools/htmlparse" "$@")
	w=$(best "$tools/htmlparse" "$@")
	row "parse only (htmlparse)" "$pages" "$mb" "$parse" "$w"
	if [ -n "$xmllint" ]; then
		lint=$(cpu sh -c '"$@" 2>/dev/null' - xmllint --html --noout --huge "$@")
		w=$(best sh_c '"$@" 2>/dev/null' xmllint --html --noout --huge "$@")
		row "xmllint --html --noout" "$pages" "$mb" "$lint" "$w"
		echo "  htmltext takes $(ratio "$lint" "$ours") x xmllint's time," \
		    "$(ratio "$parse" "$ours") x its own parse"
	else
		echo "  htmltext takes $(ratio "$parse" "$ours") x its own parse" \
		    "(xmllint skipped: apt-get install libxml2-utils)"
	fi
}

# formats FILE...: the output formats side by side, each as a ratio to
# the parse alone (htmlparse) in the same run: the default within 1.5
# times, --json (metadata and the language) within 1.7 times (issue 18)
formats() {
	local parse t f
	parse=$(cpu "$tools/htmlparse" "$@")
	echo "  formats, CPU time as a multiple of the parse alone ($parse s):"
	for f in "" --markdown --json "--json --comments"; do
		# shellcheck disable=SC2086
		t=$(cpu "$bin/htmltext" $f "$@")
		printf '    %-22s %6.2f s  %s x parse\n' "htmltext ${f:-(default)}" \
		    "$t" "$(ratio "$parse" "$t")"
	done
}

# (a function, so that its set -- does not touch bench/run's arguments)
htmltext_bench() {
	echo "htmltext: single core; baselines libxml2 alone (xmllint, htmlparse) on the same files"
	mkdir "$tmp/gen"
	"$tools/htmlgen" "$tmp/gen" 25
	measure "generated pages (4 templates x 4 encodings x 4 malformations x 25)" \
	    "$tmp"/gen/*.html
	for e in utf8 utf8bom gbkmeta gbknone; do
		set -- "$tmp"/gen/*_"$e"_*.html
		echo "  $e only: htmltext $(rate $# "$(cpu "$bin/htmltext" "$@")")" \
		    "pages/s, parse only $(rate $# "$(cpu "$tools/htmlparse" "$@")") pages/s"
	done
	if [ -d "$corpus" ]; then
		set --
		for _ in 1 2 3 4 5 6 7 8; do
			set -- "$@" "$corpus"/*/source.html
		done
		measure "real pages (Readability's test pages, 8 times over)" "$@"
		echo "  peak memory, real pages 8 times over: $(peak_mb "$bin/htmltext" "$@") MB"
		formats "$@"
	else
		echo "real pages: skipped, no $corpus (set HTML_CORPUS)"
	fi

	echo "htmltext quality, generated pages (TITLE and TEXT; characters, lines):"
	"$bin/htmltext" "$tmp"/gen/*.html > "$tmp/gen.tsv"
	"$tools/htmlscore" lines -x '本文由示例社区原创发布' "$tmp/gen.tsv" | sed 's/^/  /'
	if [ -d "$corpus" ]; then
		echo "htmltext quality, real pages (TEXT, 4-word shingles; README of the corpus):"
		"$bin/htmltext" "$corpus"/*/source.html > "$tmp/real.tsv"
		"$tools/htmlscore" shingle "$tmp/real.tsv" | sed 's/^/  /'
	fi
	if [ -d "$wcxb" ]; then
		wcxb_quality
	else
		echo "htmltext quality, WCXB: skipped, no $wcxb (set WCXB_CORPUS)"
	fi
}

# The WCXB dev split: pages unpacked, the ground truth turned into
# bench/htmlscore's GOLD records by jq (its @tsv escapes as our records
# do), htmltext on every page, and the word F1 per page type and for
# the two fixed halves (htmlscore.c).
wcxb_quality() {
	mkdir "$tmp/wcxb"
	for f in "$wcxb"/html/*.html.gz; do
		zcat "$f" > "$tmp/wcxb/$(basename "$f" .gz)"
	done
	jq -r '[(input_filename | split("/") | last | rtrimstr(".json")),
	    ._internal.page_type.primary, (.ground_truth.main_content // ""),
	    ((.ground_truth.with // []) | join("\n")),
	    ((.ground_truth.without // []) | join("\n"))] | @tsv' \
	    "$wcxb"/ground-truth/*.json > "$tmp/wcxb-gold.tsv"
	echo "htmltext quality, WCXB dev split (word F1, mean over pages; its README):"
	"$bin/htmltext" -q "$tmp"/wcxb/*.html > "$tmp/wcxb.tsv" || true
	"$tools/htmlscore" wcxb "$tmp/wcxb-gold.tsv" "$tmp/wcxb.tsv" | sed 's/^/  /'
	echo "  published F1 on this split: rs-trafilatura 0.859 (article 0.932," \
	    "documentation 0.932, service 0.844, forum 0.808, collection 0.716," \
	    "listing 0.707, product 0.641), trafilatura 0.791, Readability 0.675"
	rm -rf "$tmp/wcxb"
}
htmltext_bench
