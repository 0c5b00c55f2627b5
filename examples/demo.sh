#!/bin/sh
# The demo (make demo): the two programs of crawlutils so far on the
# sample records in this directory.  texts.tsv holds "ID TAB TITLE TAB TEXT"
# records, as htmltext will write them; fingerprints.tsv "ID TAB FP" records,
# as simhash will.  Run from anywhere, with the programs on PATH.
set -eu
cd "$(dirname "$0")"
export LC_ALL=C

echo "== Exact duplicates: sha256text keys the text with white space collapsed"
echo "   (NBSP, U+3000, tabs and line breaks count as white space)"
echo
# ID TAB DIGEST, grouped by digest; print each group of two or more
sha256text -a texts.tsv | cut -f1,3 | sort -t "$(printf '\t')" -k2,2 -k1,1 |
awk -F '\t' '
	$2 != key { if (n > 1) print group; key = $2; group = "  " substr($2, 1, 12) "…  " $1; n = 1; next }
	{ group = group ", " $1; n++ }
	END { if (n > 1) print group }'
echo
echo "== Near duplicates: hamming keeps fingerprints within 3 bits of a query"
echo
query=$(grep '^news/launch.html' fingerprints.tsv | cut -f2)
echo "  query news/launch.html = $query"
hamming -t "$query" -k 3 fingerprints.tsv | sed 's/^/  /'
echo
echo "== Distance between two fingerprints"
echo
printf '  hamming 9a0c55e17d3b2f40 9a0c55e17d3b6f41 = '
hamming 9a0c55e17d3b2f40 9a0c55e17d3b6f41
