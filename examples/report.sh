#!/bin/sh
# report.sh WORK NAME: the report that ends dedup.sh and examples/Makefile,
# from the files they leave in WORK; NAME is the crawl's name to show.
set -eu
LC_ALL=C
export LC_ALL
work=$1
count() { awk 'END { print NR }' "$@"; }
rejected=$(count "$work/rejects.tsv")
npages=$(( $(count "$work/docs.tsv") + rejected ))
nunique=$(count "$work/unique.tsv")
nkept=$(count "$work/kept.txt")

echo "crawlutils demo: $npages pages in $2"
echo
echo "1. Text (htmltext): $(count "$work/docs.tsv") pages, $rejected rejected, $(count "$work/notext.tsv") without text"
cut -f 3,4 "$work/meta.tsv" | sort | uniq -c | sort -k 1,1nr -k 2 |
	awk '{ printf "%s%d %s (%s)", (NR > 1 ? ", " : "   encodings: "), $1, $2, $3 } END { if (NR) print "" }'
awk -F '\t' '$3 != "UTF-8" { print "     " $1 ": " $3 ", found by the " $4 }' "$work/meta.tsv"
awk -F '\t' '{ print "   rejected: " $1 ": " $2 }' "$work/rejects.tsv"
echo
echo "2. Exact duplicates (sha256text): $(count "$work/exact.tsv") groups with the same text; the first is kept"
awk -F '\t' '{ printf "   %s\n", substr($1, 1, 12)
	for (i = 2; i <= NF; i++) printf "     %s %s\n", i == 2 ? "keep" : "drop", $i }' "$work/exact.tsv"
echo "   $nunique distinct texts go on"
echo
echo "3. Near duplicates (simhash -n 7 | nearpairs -k 4 --distinct-versions | nearverify):"
echo "   $(count "$work/pairs.tsv") candidate pairs, $(count "$work/confirmed.tsv") confirmed on the texts (Jaccard at least 0.3)"
awk -F '\t' 'FILENAME == ARGV[1] { c[$1 "\t" $2]; next }
	!(($1 "\t" $2) in c) { printf "   not confirmed: %s %s (distance %d, Jaccard %s)\n", $1, $2, $3, $4 }' \
	"$work/confirmed.tsv" "$work/jaccard.tsv"
awk -F '\t' '{ printf "   kept apart as versions: %s %s (distance %d, Jaccard %s)\n", $1, $2, $3, $4 }' \
	"$work/versions.tsv"
# each cluster, in crawl order: its first page, kept, then the others with
# the distance and Jaccard index of their pair with it
awk -F '\t' '
FILENAME == ARGV[1] { d[$1 "\t" $2] = $3 "\t" $4; d[$2 "\t" $1] = $3 "\t" $4; next }
$1 == $2 { order[++n] = $1; next }
{ size[$2]++; members[$2] = members[$2] "\t" $1 }
END {
	for (i = 1; i <= n; i++) if (order[i] in size) c++
	printf "   %d clusters of near duplicates; the first page of each is kept\n", c
	for (i = 1; i <= n; i++) {
		l = order[i]
		if (!(l in size)) continue
		printf "   keep %s\n", l
		m = split(substr(members[l], 2), ids, "\t")
		for (j = 1; j <= m; j++) {
			split(d[l "\t" ids[j]], dj, "\t")
			printf "   drop %s (distance %d, Jaccard %s)\n", ids[j], dj[1], dj[2]
		}
	}
}' "$work/confirmed.tsv" "$work/clusters.tsv"
echo
echo "4. Links (htmllinks | urlnorm --extended-drops | seen): $(count "$work/links.tsv") links," \
	"$(cut -f 2 "$work/links.tsv" | sort -u | count) distinct URLs," \
	"$(cut -f 2 "$work/links.norm.tsv" | sort -u | count) after urlnorm," \
	"$(count "$work/frontier.tsv") to pages not fetched yet"
echo
# the lines of each kept page before and after seenlines: the pages that
# lost some, and how many
awk -F '\t' 'FILENAME == ARGV[1] { n = split($3, l, /\\n/); before[FNR] = n; all += n; next }
	{ n = $3 == "" ? 0 : split($3, l, /\\n/); gone = before[FNR] - n; removed += gone
	  if (gone) { pages++; list = list sprintf("   %s: %d of %d lines\n", $1, gone, before[FNR]) } }
	END { printf "5. Repeated lines (seenlines, on the %d pages kept): %d of %d lines removed, lines an earlier page holds\n%s",
	    FNR, removed, all, list }' "$work/kept.tsv" "$work/clean.tsv"
echo
echo "Pages in: $npages; exact duplicate groups: $(count "$work/exact.tsv");" \
	"near-duplicate clusters: $(awk -F '\t' '$1 != $2 { print $2 }' "$work/clusters.tsv" | sort -u | count);" \
	"pages kept: $nkept$(awk -v r="$rejected" -v e="$(count "$work/notext.tsv")" \
	'BEGIN { if (r + e) printf " (set aside: %d rejected, %d without text)", r, e }')"
