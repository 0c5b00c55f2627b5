# htmltext's metadata: bench/metascore.py on the dev pages with gold
# metadata (WCXB_CORPUS: title, author, publication date; HTML_CORPUS,
# Readability's test pages: title, byline, language, site name, excerpt,
# published time), on all pages and on the two halves of a fixed split;
# and every line of --json on both sets read by jq and by Python (zero
# invalid lines, or the section fails).

wcxb=${WCXB_CORPUS:-$here/../../shared/corpora/html/wcxb-dev}
readability=${HTML_CORPUS:-$here/../../shared/corpora/html/readability}

htmlmeta_bench() {
	echo "htmltext metadata (--json) against the gold of the dev pages; halves A and B by SHA-1 of the page ID"
	if [ -d "$wcxb" ]; then
		python3 "$here/metascore.py" "$bin/htmltext" wcxb "$wcxb" | sed 's/^/  /'
	else
		echo "  wcxb-dev: skipped, no $wcxb (set WCXB_CORPUS)"
	fi
	if [ -d "$readability" ]; then
		python3 "$here/metascore.py" "$bin/htmltext" readability "$readability" | sed 's/^/  /'
		"$bin/htmltext" --json -q "$readability"/*/source.html > "$tmp/r.jsonl"
		if jq -e . "$tmp/r.jsonl" > /dev/null; then
			echo "  jq reads all $(wc -l < "$tmp/r.jsonl") lines of --json on Readability's pages"
		else
			echo "  jq cannot read --json on Readability's pages" >&2
			return 1
		fi
	fi
}
htmlmeta_bench
